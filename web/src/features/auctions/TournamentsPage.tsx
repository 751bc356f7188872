import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert, CodeField, TextField } from '../../components/Field'
import forms from '../../components/forms.module.css'
import { formatNumber } from '../../lib/format'
import { findByCode } from './api'
import styles from './auctions.module.css'
import { CardSection, StatusChip } from './bits'
import { CreateTournamentForm } from './CreateTournamentForm'
import { joinTournament, type Tournament, tournamentsQuery } from './tournament-api'

/** `/auction/tournaments`: my tournaments, public ones to join, joining by code, and creating one. */
export function TournamentsPage() {
  const list = useQuery(tournamentsQuery)
  const mine = (list.data ?? []).filter((t) => t.current_manager)
  const open = (list.data ?? []).filter((t) => !t.current_manager)
  return (
    <div data-testid="tournaments-page">
      <PageHead
        title="Auction tournaments"
        subtitle="A whole series: sealed bidding windows, squads that score every match."
        actions={
          <ButtonLink to="/auctions" variant="secondary" small>
            Live auctions
          </ButtonLink>
        }
      />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data && list.data.length === 0 ? (
        <EmptyState title="No tournaments yet">
          <p>Create one below, or join a friend's with its code.</p>
        </EmptyState>
      ) : null}
      <CardSection title="My tournaments" testId="tournaments-mine">
        {mine.map((t) => (
          <TournamentCard key={t.id} tournament={t} />
        ))}
      </CardSection>
      <CardSection title="Open to join" testId="tournaments-open">
        {open.map((t) => (
          <TournamentCard key={t.id} tournament={t} />
        ))}
      </CardSection>
      <div className={forms.narrow}>
        <JoinByCode />
        <CreateTournamentForm />
      </div>
    </div>
  )
}

function TournamentCard({ tournament: t }: { tournament: Tournament }) {
  return (
    <Link
      to={`/auction/tournaments/${t.id}/bidding`}
      className={styles.auctionCard}
      data-testid="tournament-card"
      data-tournament-id={t.id}
    >
      <div className={styles.cardHead}>
        <strong>{t.name}</strong>
        <StatusChip auction={t} />
      </div>
      <div className={styles.cardFacts}>
        <span>
          <em>Managers</em>
          {t.managers_count}/{t.max_managers ?? '—'}
        </span>
        <span>
          <em>Windows</em>
          {t.window_hours} h
        </span>
        <span>
          <em>Window</em>
          {t.round || '—'}
        </span>
        <span>
          <em>Bought</em>
          {t.sold_count}/{t.players_count}
        </span>
      </div>
      {t.current_manager ? (
        <p className={styles.cardMine}>
          You: {t.current_manager.franchise_name} · {formatNumber(t.current_manager.purse_remaining)} left
        </p>
      ) : null}
    </Link>
  )
}

/** A private tournament is found by its code (the same lookup as an auction's invite code). */
function JoinByCode() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const [code, setCode] = useState('')
  const [franchise, setFranchise] = useState('')
  const join = useMutation({
    mutationFn: async () => {
      const wanted = code.trim().toUpperCase()
      const found = await findByCode(wanted)
      if (found?.kind !== 'tournament') throw new Error(`No tournament has the code ${wanted}`)
      await joinTournament(found.id, {
        code: wanted,
        ...(franchise.trim() ? { franchise_name: franchise.trim() } : {}),
      })
      return found.id
    },
    onSuccess: (id) => {
      void client.invalidateQueries({ queryKey: ['tournaments'] })
      navigate(`/auction/tournaments/${id}/bidding`)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) join.mutate()
  }
  return (
    <Card className={forms.formCard}>
      <form onSubmit={submit} noValidate data-testid="join-tournament-form">
        <h2 className={styles.cardTitle}>Join with a code</h2>
        <CodeField
          label="Code"
          name="tournament_code"
          onCode={setCode}
          value={code}
          placeholder="e.g. K7Q2MZ"
        />
        <TextField
          label="Franchise name (optional)"
          name="tournament_franchise"
          value={franchise}
          onChange={(e) => setFranchise(e.target.value)}
          maxLength={40}
        />
        <Button type="submit" variant="secondary" block busy={join.isPending} data-testid="join-tournament">
          Join
        </Button>
      </form>
    </Card>
  )
}
