/** The front door of features/groups: what other features may use. Groups and chat. */
export { MessageButton } from './MessageButton'
