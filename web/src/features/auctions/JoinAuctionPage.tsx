import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { FindCodeForm } from '../../components/FindCodeForm'
import forms from '../../components/forms.module.css'
import { ApiError } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { type Auction, auctionQuery, byCodeQuery, managersQuery } from './api'
import styles from './auctions.module.css'
import { PHASE_PAGE, StatusChip } from './bits'
import { JoinForm } from './FranchiseFields'

/** `/auctions/join?code=…`: find an auction by its invite code, then take a seat with a franchise. */
export function JoinAuctionPage() {
  const [search, setSearch] = useSearchParams()
  const code = (search.get('code') ?? '').trim().toUpperCase()
  const found = useQuery({ ...byCodeQuery(code), enabled: code.length > 0 })
  // From the public list (`?id=`): the auction is known, the code still has to come from its owner.
  const listedId = Number(search.get('id')) || 0
  const listed = useQuery({ ...auctionQuery(listedId), enabled: !code && listedId > 0 })
  const find = (next: string) => {
    if (next) setSearch({ code: next }, { replace: true })
  }
  const notFound = found.error instanceof ApiError && found.error.status === 404
  return (
    <div className={forms.narrow} data-testid="join-auction-page">
      <PageHead title="Join an auction" subtitle="Enter the invite code the owner shared with you." />
      <Card className={forms.formCard}>
        <FindCodeForm
          label="Invite code"
          placeholder="e.g. K7Q2MZ"
          initialCode={code}
          onFind={find}
          findTestId="find-auction"
        />
        {listed.data && !code ? (
          <Alert tone="info">
            {listed.data.name} is open to join. Ask its owner for the invite code and enter it above.
          </Alert>
        ) : null}
      </Card>
      {found.isFetching && !found.data ? <Loading /> : null}
      {notFound ? <Alert>No auction has the code {code}. Check it with the owner.</Alert> : null}
      {found.isError && !notFound ? <Alert>{found.error.message}</Alert> : null}
      {found.data ? <FoundAuction auction={found.data} code={code} /> : null}
    </div>
  )
}

function FoundAuction({ auction, code }: { auction: Auction; code: string }) {
  const navigate = useNavigate()
  // The auction found by its code lists the colours taken; the managers list (when we may read
  // it) keeps them fresh while the page is open.
  const managers = useQuery({ ...managersQuery(auction.id), meta: { silent: true }, retry: false })
  const taken = new Set([
    ...(auction.taken_colors ?? []),
    ...(managers.data ?? []).filter((m) => m.status !== 'rejected').map((m) => m.color),
  ])
  const mine = auction.current_manager
  return (
    <Card className={forms.formCard}>
      <div className={forms.foundHead} data-testid="found-auction">
        <h2>{auction.name}</h2>
        <StatusChip auction={auction} />
      </div>
      <div className={styles.facts}>
        <span>
          <em>Purse</em>
          {formatNumber(auction.purse)}
        </span>
        <span>
          <em>Squad</em>
          {auction.squad_min}–{auction.squad_max}
        </span>
        <span>
          <em>Lots</em>
          {auction.lot_seconds}s
        </span>
        {auction.bot_takeover_seconds !== null ? (
          <span>
            <em>Bot takes over</em>
            after {auction.bot_takeover_seconds}s away
          </span>
        ) : null}
        <span>
          <em>Managers</em>
          {auction.managers_count}
        </span>
        <span>
          <em>Charge</em>
          {auction.charges === 0 ? 'Free' : `${auction.charges} coins`}
        </span>
      </div>
      {mine ? (
        <>
          <Alert tone="notice">
            You are in as {mine.franchise_name}
            {mine.status === 'pending' ? ', waiting for the owner to approve you' : ''}.
          </Alert>
          <ButtonLink to={`/auctions/${auction.id}/${PHASE_PAGE[auction.phase]}`} block>
            Go to the auction
          </ButtonLink>
        </>
      ) : auction.phase !== 'waiting' ? (
        <Alert>This auction has already started; seats are taken only in the waiting room.</Alert>
      ) : (
        <JoinForm
          auctionId={auction.id}
          code={code}
          taken={taken}
          onJoined={() => navigate(`/auctions/${auction.id}/waiting-room`)}
        />
      )}
    </Card>
  )
}
