import { Card } from '../../components/Common'
import { TextField } from '../../components/Field'
import forms from '../../components/forms.module.css'
import { CheckField, SelectField } from '../../components/SelectField'
import type { FieldErrors } from '../../lib/api'
import styles from './auctions.module.css'
import type { CreateAuctionState } from './use-create-auction'

/** Zones a class is likely in, first: browsers list some by older names (Asia/Calcutta). */
const COMMON_ZONES = ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'UTC']

/** The zones the browser knows (IANA names): the browser's own, the common ones, then every other. */
function timeZones(own: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set([own, ...COMMON_ZONES, ...all])]
}

/**
 * "Runs over days" (docs/auctions.md, "Over days"): lots of hours, a nightly quiet window in a
 * time zone when the lot's clock stops, and bots standing in for absent students.
 */
export function OverDaysCard({ state, errors }: { state: CreateAuctionState; errors: FieldErrors }) {
  const { form, setForm, binder } = state
  const field = binder(errors)
  return (
    <Card className={forms.formCard}>
      <h2 className={styles.cardTitle} data-testid="over-days-card">
        Runs over days
      </h2>
      <CheckField
        name="over_days"
        label="Runs over days"
        hint="Long lots that pause overnight: for a class that bids between lessons"
        checked={form.over_days}
        onChange={(over_days) => setForm((f) => ({ ...f, over_days }))}
      />
      {form.over_days ? (
        <>
          <div className={forms.grid}>
            <TextField
              label="Hours a lot"
              {...field('lot_hours', 'lot_seconds')}
              type="number"
              inputMode="numeric"
              min={1}
              max={24}
              hint="Up to 24 hours; the clock stops in the quiet hours"
            />
            <TextField label="Quiet from" {...field('quiet_from', 'quiet_hours.from')} type="time" />
            <TextField label="Quiet until" {...field('quiet_to', 'quiet_hours.to')} type="time" />
            <SelectField
              label="Time zone"
              {...field('time_zone', 'quiet_hours.time_zone')}
              hint="Of the quiet hours (a window may cross midnight)"
            >
              {timeZones(form.time_zone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </SelectField>
          </div>
          <CheckField
            name="stand_in"
            label="Bots stand in for absent students"
            hint="When a lot opens, a bot bids for each student who is away, within their purse, until they bid again"
            checked={form.stand_in}
            onChange={(stand_in) => setForm((f) => ({ ...f, stand_in }))}
          />
        </>
      ) : null}
    </Card>
  )
}
