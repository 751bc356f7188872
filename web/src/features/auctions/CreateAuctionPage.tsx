import type { FormEvent } from 'react'
import { Button } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import { CheckField } from '../../components/SelectField'
import { PoolCard, RulesCard } from './CreateAuctionCards'
import { FranchiseFields } from './FranchiseFields'
import { OverDaysCard } from './OverDaysCard'
import { useCreateAuction } from './use-create-auction'

const SHOWN = [
  'name',
  'match_id',
  'series_id',
  'purse',
  'squad_min',
  'squad_max',
  'lot_seconds',
  'bidding_interval',
  'charges',
  'bot_takeover_seconds',
  'max_managers',
  'pool',
  'quiet_hours.from',
  'quiet_hours.to',
  'quiet_hours.time_zone',
]

/** `/auctions/create`: the auction's settings and (unless the owner only runs it) the owner's own franchise. */
export function CreateAuctionPage() {
  const state = useCreateAuction()
  const { create, play, setPlay, franchise, setFranchise } = state
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const errors = fieldErrorsOf(create.error)
  const unplaced = unplacedError(create.error, SHOWN)

  return (
    <div className={forms.narrow} data-testid="create-auction-page">
      <PageHead
        title="Create an auction"
        subtitle="Pick the players' pool, the purse and the pace of the bidding."
      />
      <form onSubmit={submit} noValidate>
        {unplaced ? <Alert>{unplaced}</Alert> : null}
        <PoolCard state={state} errors={errors} />
        <RulesCard state={state} errors={errors} />
        <OverDaysCard state={state} errors={errors} />

        <Card className={forms.formCard}>
          <CheckField
            name="play"
            label="I play too"
            hint="Take a seat as a franchise (you are approved at once)"
            checked={play}
            onChange={setPlay}
          />
          {play ? <FranchiseFields value={franchise} onChange={setFranchise} taken={new Set()} /> : null}
        </Card>
        <Button type="submit" block busy={create.isPending} data-testid="create-submit">
          Create auction
        </Button>
      </form>
    </div>
  )
}
