/** The front door of features/teams: what other features may use. A player's team for a match: the team editor and its steps. */

export { toRulesPlayer } from './api'
export { CaptainStep } from './CaptainStep'
export { EditorFooter } from './EditorFooter'
export { EditorHead } from './EditorHead'
export { EditorSteps, useEditorSteps, useRoster } from './EditorSteps'
export { PickStep, type TeamFilter } from './PickStep'
export { onPitch, Pitch } from './Pitch'
export { PreviewDialog } from './PreviewDialog'
export { TeamSummary } from './TeamSummary'
export { default as teamsStyles } from './teams.module.css'
