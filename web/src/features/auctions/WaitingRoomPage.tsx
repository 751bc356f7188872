import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState } from '../../components/Common'
import { Alert } from '../../components/Field'
import { SelectField } from '../../components/SelectField'
import { usePageTitle } from '../../lib/page-title'
import { showSnackbar } from '../../lib/snackbar'
import { useAuction } from './AuctionLayout'
import { addBots, type BotStrategy, decideManager, ownerControl } from './actions'
import type { Manager } from './api'
import styles from './auctions.module.css'
import { Swatch } from './bits'
import { JoinForm } from './FranchiseFields'

/** `/auctions/:id/waiting-room`: the invite, the managers (the owner approves them), bots and the start. */
export function WaitingRoomPage() {
  usePageTitle('Waiting room', 'Auction')
  const { auction, managers, me } = useAuction()
  const created = Boolean((useLocation().state as { created?: boolean } | null)?.created)
  const approved = managers.filter((m) => m.status === 'approved')
  const pending = managers.filter((m) => m.status === 'pending')
  const taken = new Set(managers.filter((m) => m.status !== 'rejected').map((m) => m.color))
  if (auction.phase !== 'waiting')
    return (
      <EmptyState title="The auction has started">
        <ButtonLink to={`/auctions/${auction.id}/bidding`} small>
          Go to the bidding
        </ButtonLink>
      </EmptyState>
    )
  return (
    <div className={styles.stack} data-testid="waiting-room">
      {auction.code ? <InviteCard code={auction.code} created={created} /> : null}
      {!me && auction.code ? (
        <Card>
          <h2 className={styles.cardTitle}>Take a seat</h2>
          <JoinForm
            auctionId={auction.id}
            code={auction.code}
            taken={taken}
            onJoined={() => {}}
            submitLabel="Join as a franchise"
          />
        </Card>
      ) : null}
      <MyRequest me={me} />
      <Card>
        <h2 className={styles.cardTitle}>
          Franchises <span className={styles.count}>{approved.length}</span>
        </h2>
        {approved.length === 0 ? <p className={styles.muted}>Nobody has a seat yet.</p> : null}
        <ul className={styles.managerList} data-testid="approved-managers">
          {approved.map((m) => (
            <ManagerRow key={m.id} manager={m} mine={m.id === me?.id} />
          ))}
        </ul>
      </Card>
      {pending.length > 0 ? (
        <Card>
          <h2 className={styles.cardTitle}>
            Asking to join <span className={styles.count}>{pending.length}</span>
          </h2>
          <ul className={styles.managerList} data-testid="pending-managers">
            {pending.map((m) => (
              <ManagerRow
                key={m.id}
                manager={m}
                mine={m.id === me?.id}
                decide={auction.is_owner}
                auctionId={auction.id}
              />
            ))}
          </ul>
        </Card>
      ) : null}
      {auction.is_owner ? (
        <OwnerPanel auctionId={auction.id} approved={approved.length} pending={pending.length} />
      ) : (
        <p className={styles.muted}>The owner starts the auction; this page follows along by itself.</p>
      )}
    </div>
  )
}

/** Where my request to join stands, while the owner has not approved it. */
function MyRequest({ me }: { me: Manager | null }) {
  if (me?.status === 'pending')
    return (
      <Alert tone="info">
        You are in as {me.franchise_name}. The owner has to approve you before the start.
      </Alert>
    )
  if (me?.status === 'rejected') return <Alert>The owner declined your request to join.</Alert>
  return null
}

function InviteCard({ code, created }: { code: string; created: boolean }) {
  const link = `${window.location.origin}/auctions/join?code=${code}`
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text)
      showSnackbar(`${what} copied`, 'info')
    } catch {
      showSnackbar(`Could not copy; select the ${what.toLowerCase()} and copy it by hand.`)
    }
  }
  return (
    <Card className={styles.invite}>
      {created ? (
        <p className={styles.inviteLead}>Your auction is ready. Share the code with your friends:</p>
      ) : null}
      <div className={styles.inviteRow}>
        <span className={styles.inviteLabel}>Invite code</span>
        <strong className={styles.code} data-testid="invite-code">
          {code}
        </strong>
        <Button small variant="secondary" onClick={() => void copy(code, 'Code')} data-testid="copy-code">
          Copy
        </Button>
      </div>
      <button type="button" className={styles.linkButton} onClick={() => void copy(link, 'Link')}>
        Copy the invite link
      </button>
    </Card>
  )
}

function ManagerRow({
  manager: m,
  mine,
  decide,
  auctionId,
}: {
  manager: Manager
  mine: boolean
  decide?: boolean
  auctionId?: number
}) {
  const client = useQueryClient()
  const decision = useMutation({
    mutationFn: (what: 'approve' | 'reject') => decideManager(auctionId as number, m.id, what),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['auction', auctionId] }),
  })
  return (
    <li className={styles.managerRow} data-testid="manager-row" data-manager-id={m.id} data-status={m.status}>
      <Swatch hex={m.color_hex} size={18} />
      <span className={styles.managerName}>
        <strong>{m.franchise_name}</strong>
        <em>
          {m.is_bot ? 'Bot' : `@${m.user.username}`}
          {mine ? ' · you' : ''}
        </em>
      </span>
      {decide ? (
        <span className={styles.decide}>
          <Button
            small
            variant="ghost"
            busy={decision.isPending && decision.variables === 'reject'}
            onClick={() => decision.mutate('reject')}
            data-testid={`reject-${m.id}`}
          >
            Reject
          </Button>
          <Button
            small
            busy={decision.isPending && decision.variables === 'approve'}
            onClick={() => decision.mutate('approve')}
            data-testid={`approve-${m.id}`}
          >
            Approve
          </Button>
        </span>
      ) : null}
    </li>
  )
}

const STRATEGIES: Array<{ value: BotStrategy; label: string }> = [
  { value: 'mixed', label: 'Mixed (one of each)' },
  { value: 'value', label: 'Value buyers' },
  { value: 'star', label: 'Star chasers' },
  { value: 'hoarder', label: 'Budget hoarders' },
  { value: 'random', label: 'Random' },
]

function OwnerPanel({
  auctionId,
  approved,
  pending,
}: {
  auctionId: number
  approved: number
  pending: number
}) {
  const client = useQueryClient()
  const refresh = () => void client.invalidateQueries({ queryKey: ['auction', auctionId] })
  const start = useMutation({ mutationFn: () => ownerControl(auctionId, 'start'), onSuccess: refresh })
  const blocked = approved < 2 ? 'An auction needs at least two approved franchises.' : null
  return (
    <Card>
      <h2 className={styles.cardTitle}>Owner</h2>
      <BotsRow auctionId={auctionId} onAdded={refresh} />
      {pending > 0 ? (
        <p className={styles.muted}>
          Anyone still waiting for approval at the start is declined (and refunded).
        </p>
      ) : null}
      <Button
        block
        busy={start.isPending}
        disabled={Boolean(blocked)}
        onClick={() => start.mutate()}
        data-testid="start-auction"
      >
        Start the auction
      </Button>
      {blocked ? (
        <p className={styles.reason} data-testid="start-reason">
          {blocked}
        </p>
      ) : null}
    </Card>
  )
}

/** Seats bots (how many, which strategy) in the waiting room. */
function BotsRow({ auctionId, onAdded }: { auctionId: number; onAdded: () => void }) {
  const [count, setCount] = useState(2)
  const [strategy, setStrategy] = useState<BotStrategy>('mixed')
  const bots = useMutation({
    mutationFn: () => addBots(auctionId, count, strategy),
    onSuccess: ({ bots: added }) => {
      showSnackbar(`${added.length} bot${added.length === 1 ? '' : 's'} took a seat`, 'info')
      onAdded()
    },
  })
  return (
    <div className={styles.botRow}>
      <SelectField
        label="Bots"
        name="bot_count"
        value={count}
        onChange={(e) => setCount(Number(e.target.value))}
      >
        {Array.from({ length: 11 }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Strategy"
        name="bot_strategy"
        value={strategy}
        onChange={(e) => setStrategy(e.target.value as BotStrategy)}
      >
        {STRATEGIES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" busy={bots.isPending} onClick={() => bots.mutate()} data-testid="add-bots">
        Add bots
      </Button>
    </div>
  )
}
