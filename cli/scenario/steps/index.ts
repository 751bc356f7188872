import type { StepKind } from '../types'
import { awaitEventStep } from './await-event'
import { buildTeamStep } from './build-team'
import { cableStep } from './cable'
import { classicTransferStep, pickClassicTeamStep } from './classic-team'
import { clockStep } from './clock'
import { concurrentStep } from './concurrent'
import { createChampionshipContestStep } from './create-championship-contest'
import { createContestStep } from './create-contest'
import { createMatchStep } from './create-match'
import { expectMessageStep } from './expect-message'
import { expectNoMessageStep } from './expect-no-message'
import { findMatchStep } from './find-match'
import { findPhaseStep } from './find-phase'
import { matchEventsStep } from './match-events'
import { performStep } from './perform'
import { pickTeamStep } from './pick-team'
import { playersStep } from './players'
import { printStep } from './print'
import { requestStep } from './request'
import { restartStep } from './restart'
import { completeMatchStep, creditStep, joinContestStep, simulateMatchStep } from './shortcuts'
import { sleepStep } from './sleep'

/**
 * Every kind of step a scenario may use, found by its YAML key. A new kind (matches,
 * contests, auctions, wallets …) is one file exporting a StepKind, listed here.
 */
export const STEP_KINDS: StepKind[] = [
  requestStep,
  clockStep,
  cableStep,
  expectMessageStep,
  expectNoMessageStep,
  performStep,
  sleepStep,
  findMatchStep,
  createMatchStep,
  creditStep,
  joinContestStep,
  simulateMatchStep,
  completeMatchStep,
  findPhaseStep,
  playersStep,
  pickTeamStep,
  pickClassicTeamStep,
  classicTransferStep,
  matchEventsStep,
  restartStep,
  concurrentStep,
  printStep,
  createContestStep,
  createChampionshipContestStep,
  buildTeamStep,
  awaitEventStep,
]

export function stepKindByKey(key: string): StepKind | undefined {
  return STEP_KINDS.find((kind) => kind.key === key)
}
