import { Card } from '../../components/Common'
import { Fact } from '../../components/Fact'
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
        <Fact label="Players" testId="team-size">
          {formatNumber(rules.team_size)}
        </Fact>
        <Fact label="Budget" testId="team-budget">
          {formatNumber(rules.budget_credits)} credits
        </Fact>
        <Fact label="From one real team" testId="team-per-team">
          {rules.per_team_cap === null ? 'no limit' : `up to ${formatNumber(rules.per_team_cap)}`}
        </Fact>
        <Fact label="Captain">{rules.captain_multiplier}× points</Fact>
        <Fact label="Vice-captain">{rules.vice_captain_multiplier}× points</Fact>
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
