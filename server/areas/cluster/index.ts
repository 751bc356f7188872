/** Which server processes are alive on one database. The front door. */
export { othersAlive, presenceOf, startNodeBeat } from './presence'
