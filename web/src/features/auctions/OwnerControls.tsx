import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { SelectField } from '../../components/SelectField'
import { serverNow } from '../../lib/server-time'
import { showSnackbar } from '../../lib/snackbar'
import { type OwnerControl, ownerControl } from './actions'
import { type Auction, auctionQuery } from './api'
import styles from './auctions.module.css'
import bid from './bidding.module.css'

function useControl(auctionId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ control, body }: { control: OwnerControl; body?: { closes_at_in_millis: number } }) =>
      ownerControl(auctionId, control, body),
    onSuccess: (auction) => {
      client.setQueryData(auctionQuery(auctionId).queryKey, auction)
      void client.invalidateQueries({ queryKey: ['auction', auctionId] })
    },
  })
}

/** The owner's running controls: pause or resume the clock of the lot (or sealed round), end the auction. */
export function RunControls({ auction }: { auction: Auction }) {
  const control = useControl(auction.id)
  const [confirming, setConfirming] = useState(false)
  const running = auction.phase === 'open' || auction.phase === 'sealed'
  if (auction.phase === 'completed' || auction.phase === 'waiting') return null
  const busy = (c: OwnerControl) => control.isPending && control.variables.control === c
  const clockButton = (c: 'pause' | 'resume', variant: 'secondary' | 'gold', label: string) => (
    <Button
      small
      variant={variant}
      busy={busy(c)}
      onClick={() => control.mutate({ control: c })}
      data-testid={c}
    >
      {label}
    </Button>
  )
  return (
    <div className={bid.ownerBar} data-testid="owner-controls">
      <span className={bid.ownerLabel}>Owner</span>
      {running && !auction.paused ? clockButton('pause', 'secondary', 'Pause') : null}
      {auction.paused ? clockButton('resume', 'gold', 'Resume') : null}
      <Button small variant="danger" onClick={() => setConfirming(true)} data-testid="complete">
        End auction
      </Button>
      <EndDialog confirming={confirming} setConfirming={setConfirming} busy={busy} control={control} />
    </div>
  )
}

const DURATIONS = [
  { minutes: 1, label: '1 minute' },
  { minutes: 2, label: '2 minutes' },
  { minutes: 5, label: '5 minutes' },
  { minutes: 15, label: '15 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 0, label: 'Until I close it' },
]

/** Between rounds: a sealed round for the unsold players, closing after a while on the server's clock. */
export function StartSealedRound({ auction }: { auction: Auction }) {
  const control = useControl(auction.id)
  const [minutes, setMinutes] = useState(2)
  if (auction.phase !== 'between') return null
  const start = () =>
    control.mutate({
      control: 'secondary_round',
      // The round closes on the game clock, which may run fast: measure from the server's now.
      body: minutes > 0 ? { closes_at_in_millis: Math.round(serverNow() + minutes * 60_000) } : undefined,
    })
  return (
    <div className={styles.sealedStart} data-testid="sealed-start">
      <SelectField
        label="Sealed round length"
        name="sealed_minutes"
        value={minutes}
        onChange={(e) => setMinutes(Number(e.target.value))}
      >
        {DURATIONS.map((d) => (
          <option key={d.minutes} value={d.minutes}>
            {d.label}
          </option>
        ))}
      </SelectField>
      <Button
        busy={control.isPending}
        disabled={auction.unsold_count === 0}
        onClick={start}
        data-testid="start-sealed"
      >
        Start sealed round
      </Button>
      {auction.unsold_count === 0 ? (
        <p className={styles.reason}>Every player is sold: there is nothing to bid for.</p>
      ) : null}
    </div>
  )
}

/** While a sealed round runs: close it now and assign its players. */
export function CloseSealedRound({ auction }: { auction: Auction }) {
  const control = useControl(auction.id)
  if (auction.phase !== 'sealed') return null
  return (
    <Button
      variant="secondary"
      busy={control.isPending}
      onClick={() => control.mutate({ control: 'secondary_round/close' })}
      data-testid="close-sealed"
    >
      Close the round now
    </Button>
  )
}

/** Ending the auction, confirmed first: it cannot be undone. */
function EndDialog({
  confirming,
  setConfirming,
  busy,
  control,
}: {
  confirming: boolean
  setConfirming: (open: boolean) => void
  busy: (c: OwnerControl) => boolean
  control: ReturnType<typeof useControl>
}) {
  return (
    <ConfirmDialog
      open={confirming}
      title="End the auction?"
      onClose={() => setConfirming(false)}
      keepLabel="Keep going"
      confirmLabel="End it"
      busy={busy('complete')}
      onConfirm={() =>
        control.mutate(
          { control: 'complete' },
          {
            onSuccess: () => {
              setConfirming(false)
              showSnackbar('The auction is over', 'info')
            },
          },
        )
      }
      confirmTestId="confirm-complete"
    >
      <p>
        A running lot or sealed round closes first; players nobody bought stay unsold. This cannot be undone.
      </p>
    </ConfirmDialog>
  )
}
