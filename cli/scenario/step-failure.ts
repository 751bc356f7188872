import type { Mismatch } from './match'

/** Thrown by a step for a failure that is not a field-by-field mismatch. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly mismatches: Mismatch[] = [],
  ) {
    super(message)
    this.name = 'StepFailure'
  }
}
