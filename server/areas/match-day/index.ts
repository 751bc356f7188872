export { adminMatchRoutes } from './admin.routes'
export { registerMatchJobs, resumeMatches } from './jobs'
export { registerReplayJobs } from './replay'
export { replayRoutes } from './replay.routes'
