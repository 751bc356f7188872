import type { UseMutationResult } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/Button'
import { fieldErrorsOf } from '../../components/form-errors'
import ui from '../../components/ui.module.css'
import { formatNumber } from '../../lib/format'
import styles from './auctions.module.css'

/**
 * A hidden bid on one player (a match auction's sealed round, a tournament window): an
 * amount of at least the base price, checked as it is typed, with the server's refusal under
 * it. A placed bid empties the box; a manager may bid again to change theirs until the close.
 */
export function SealedBidForm({
  player,
  hasBid,
  open,
  place,
  label,
  testIds,
}: {
  player: { base_price: number; display_name: string }
  /** The manager already has a bid on this player (the button says Change). */
  hasBid: boolean
  /** Whether the box shows: the round is open to this manager and the player can be bid on. */
  open: boolean
  place: UseMutationResult<unknown, Error, number>
  /** Accessible name of the amount box, e.g. "Sealed bid for". */
  label: string
  testIds: { input: string; submit: string }
}) {
  const [amount, setAmount] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    place.mutate(Number(amount), { onSuccess: () => setAmount('') })
  }
  const problem = fieldErrorsOf(place.error).bid_amount
  const tooLow = amount !== '' && Number(amount) < player.base_price
  return (
    <>
      {open ? (
        <form className={styles.sealedForm} onSubmit={submit} noValidate>
          <input
            className={ui.input}
            type="number"
            inputMode="numeric"
            min={player.base_price}
            placeholder={`${hasBid ? 'Change your bid' : 'Your bid'} (≥ ${player.base_price})`}
            aria-label={`${label} ${player.display_name}`}
            aria-invalid={tooLow || Boolean(problem) || undefined}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid={testIds.input}
          />
          <Button
            type="submit"
            small
            busy={place.isPending}
            disabled={amount === '' || tooLow}
            data-testid={testIds.submit}
          >
            {hasBid ? 'Change' : 'Bid'}
          </Button>
        </form>
      ) : null}
      {tooLow ? (
        <p className={styles.reason}>At least the base price, {formatNumber(player.base_price)}</p>
      ) : null}
      {problem ? <p className={styles.fieldError}>{problem.join(', ')}</p> : null}
    </>
  )
}
