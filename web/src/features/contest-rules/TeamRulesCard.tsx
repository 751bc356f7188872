import { Card } from '../../components/Common'
import tiles from '../../components/fact-tiles.module.css'
import { formatNumber } from '../../lib/format'
import { roleName, type TeamRules } from './api'
import styles from './rules.module.css'

/** The sport's team rules as the validator holds them: size, budget, per-team cap, position limits. */
export function TeamRulesCard({ rules }: { rules: TeamRules }) {
  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>Your team</h2>
      <dl className={`${styles.facts} ${tiles.tiles}`} data-testid="team-rules">
        <div>
          <dt>Players</dt>
          <dd data-testid="team-size">{formatNumber(rules.team_size)}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd data-testid="team-budget">{formatNumber(rules.budget_credits)} credits</dd>
        </div>
        <div>
          <dt>From one real team</dt>
          <dd data-testid="team-per-team">
            {rules.per_team_cap === null ? 'no limit' : `up to ${formatNumber(rules.per_team_cap)}`}
          </dd>
        </div>
        <div>
          <dt>Captain</dt>
          <dd>{rules.captain_multiplier}× points</dd>
        </div>
        <div>
          <dt>Vice-captain</dt>
          <dd>{rules.vice_captain_multiplier}× points</dd>
        </div>
      </dl>
      {rules.roles.length > 0 ? (
        <table className={styles.table} data-testid="role-limits">
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
            </tr>
          </thead>
          <tbody>
            {rules.roles.map((role) => (
              <tr key={role.key} data-role={role.key}>
                <th scope="row">
                  {roleName(role.key)}
                  {role.note ? <span className={styles.roleNote}> · {role.note}</span> : null}
                </th>
                <td>{formatNumber(role.min)}</td>
                <td>{role.max === null ? '—' : formatNumber(role.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.note}>
          Any {formatNumber(rules.team_size)} players within the budget make a team.
        </p>
      )}
    </Card>
  )
}
