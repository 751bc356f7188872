import { Button } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { ApiError } from '../../lib/api'
import styles from './teams.module.css'

/**
 * The bottom of a team builder (daily and championship alike): the rules still unmet, the
 * server's refusal of a save, and the Back / Preview / Next / Save bar.
 */
export function EditorFooter({
  step,
  problems,
  onCloseProblems,
  saveError,
  saving,
  playersValid,
  teamValid,
  saveLabel = 'Save team',
  onBack,
  onPreview,
  onNext,
  onSave,
}: {
  step: 'pick' | 'captain'
  problems: string[] | null
  onCloseProblems: () => void
  saveError: Error | null
  saving: boolean
  playersValid: boolean
  teamValid: boolean
  saveLabel?: string
  onBack: () => void
  onPreview: () => void
  onNext: () => void
  onSave: () => void
}) {
  // `rules` holds the rule ids of the messages above it, for programs rather than people.
  const serverMessages =
    saveError instanceof ApiError
      ? Object.entries(saveError.fields)
          .filter(([field]) => field !== 'rules')
          .flatMap(([, messages]) => messages)
      : []
  return (
    <>
      <ProblemsDialog problems={problems} onCloseProblems={onCloseProblems} />
      <SaveErrors saveError={saveError} serverMessages={serverMessages} />

      <FooterActions
        step={step}
        onBack={onBack}
        onPreview={onPreview}
        playersValid={playersValid}
        onNext={onNext}
        teamValid={teamValid}
        onSave={onSave}
        saving={saving}
        saveLabel={saveLabel}
      />
    </>
  )
}

/** The server's refusal of a save, with its field messages. */
function SaveErrors({ saveError, serverMessages }: { saveError: Error | null; serverMessages: string[] }) {
  return (
    <>
      {saveError ? (
        <div className={styles.problems} role="alert" data-testid="save-errors">
          <strong>{saveError.message}</strong>
          {serverMessages.length > 0 ? (
            <ul>
              {serverMessages.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  )
}

/** The rules still unmet, when Next or Save was refused. */
function ProblemsDialog({
  problems,
  onCloseProblems,
}: {
  problems: string[] | null
  onCloseProblems: () => void
}) {
  return (
    <Dialog
      open={Boolean(problems?.length)}
      title="Team rules"
      onClose={onCloseProblems}
      footer={
        <Button variant="secondary" onClick={onCloseProblems}>
          OK
        </Button>
      }
    >
      <div className={styles.problems} role="alert" data-testid="team-problems">
        <strong>Your team is not ready yet:</strong>
        <ul>
          {problems?.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </Dialog>
  )
}

/** Back (on the captain step), Preview, and Next or Save. */
function FooterActions({
  step,
  onBack,
  onPreview,
  playersValid,
  onNext,
  teamValid,
  onSave,
  saving,
  saveLabel,
}: {
  step: 'pick' | 'captain'
  onBack: () => void
  onPreview: () => void
  playersValid: boolean
  onNext: () => void
  teamValid: boolean
  onSave: () => void
  saving: boolean
  saveLabel: string
}) {
  return (
    <div className={styles.actions}>
      {step === 'captain' ? (
        <button type="button" className={styles.secondary} onClick={onBack}>
          Back
        </button>
      ) : null}
      <button type="button" className={styles.secondary} onClick={onPreview} data-testid="preview">
        {step === 'pick' ? 'Team preview' : 'Preview'}
      </button>
      {step === 'pick' ? (
        <button
          type="button"
          className={playersValid ? styles.primary : styles.primaryDim}
          onClick={onNext}
          data-testid="next"
        >
          Next
        </button>
      ) : (
        <button
          type="button"
          className={teamValid ? styles.primary : styles.primaryDim}
          onClick={onSave}
          disabled={saving}
          aria-busy={saving || undefined}
          data-testid="save-team"
        >
          {saveLabel}
        </button>
      )}
    </div>
  )
}
