import styles from './onboarding.module.css'

const STEPS = ['Your sports', 'Your avatar', 'People to follow']

/** The three signup steps after the account exists; `current` counts from 1. */
export function Steps({ current }: { current: number }) {
  return (
    <>
      <div className={styles.stepLabel}>
        Step {current} of {STEPS.length}: {STEPS[current - 1]}
      </div>
      <div className={styles.steps} aria-hidden="true">
        {STEPS.map((name, i) => (
          <span key={name} className={`${styles.step} ${i < current ? styles.stepDone : ''}`} />
        ))}
      </div>
    </>
  )
}
