import { Card } from '../../components/Common'
import { formatNumber } from '../../lib/format'
import type { TeamRules } from './api'
import styles from './rules.module.css'

/** The sport's team rules as the validator holds them: size, budget, per-team cap, role limits. */
export function TeamRulesCard({ rules }: { rules: TeamRules }) {
  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>Your team</h2>
      <dl className={styles.facts} data-testid="team-rules">
        {rules.team_size !== undefined ? (
          <div>
            <dt>Players</dt>
            <dd data-testid="team-size">{formatNumber(rules.team_size)}</dd>
          </div>
        ) : null}
        {rules.budget !== undefined ? (
          <div>
            <dt>Budget</dt>
            <dd data-testid="team-budget">{formatNumber(rules.budget)} credits</dd>
          </div>
        ) : null}
        {rules.max_per_team !== undefined ? (
          <div>
            <dt>From one real team</dt>
            <dd data-testid="team-max-per-team">up to {formatNumber(rules.max_per_team)}</dd>
          </div>
        ) : null}
      </dl>
      {rules.roles && rules.roles.length > 0 ? (
        <table className={styles.table} data-testid="role-limits">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
            </tr>
          </thead>
          <tbody>
            {rules.roles.map((role) => (
              <tr key={role.key ?? role.name}>
                <th scope="row">{role.name}</th>
                <td>{formatNumber(role.min)}</td>
                <td>{formatNumber(role.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Card>
  )
}
