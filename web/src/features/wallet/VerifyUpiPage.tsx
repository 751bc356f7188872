import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { UPI_PATTERN, UPI_RULE } from '../../../../server/domain/kyc-rules'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { StatusChip } from './bits'
import kyc from './kyc.module.css'
import { activateUpi, addUpi, refreshKyc, type Upi, upisQuery } from './kyc-api'
import styles from './wallet.module.css'

/** `/wallet/verify-upi`: add UPI ids and pick the active one (UPI withdrawals go there). */
export function VerifyUpiPage() {
  const upis = useQuery(upisQuery)
  return (
    <div className={styles.page} data-testid="verify-upi-page">
      <PageHead
        title="UPI"
        subtitle="Withdrawals of ₹100 or more by UPI go to your active UPI id (₹10 fee)."
      />
      {upis.isPending ? (
        <Loading />
      ) : upis.isError ? (
        <Alert>{upis.error.message}</Alert>
      ) : upis.data.length === 0 ? (
        <EmptyState title="No UPI id yet">Add one below; the first becomes active at once.</EmptyState>
      ) : (
        <UpiList upis={upis.data} />
      )}
      <AddUpi />
      <ButtonLink to="/wallet" variant="ghost">
        Back to wallet
      </ButtonLink>
    </div>
  )
}

function UpiList({ upis }: { upis: Upi[] }) {
  const client = useQueryClient()
  const activate = useMutation({
    mutationFn: (id: number) => activateUpi(id),
    onSuccess: () => refreshKyc(client),
  })
  return (
    <ul className={kyc.upis} data-testid="upi-list">
      {upis.map((upi) => (
        <li key={upi.id} className={kyc.upi} data-testid="upi-row" data-active={upi.active}>
          <strong>{upi.upi_str}</strong>
          {upi.active ? (
            <StatusChip tone="ok" testId="upi-active">
              Active
            </StatusChip>
          ) : (
            <Button
              small
              variant="secondary"
              busy={activate.isPending && activate.variables === upi.id}
              onClick={() => activate.mutate(upi.id)}
              data-testid={`activate-upi-${upi.id}`}
            >
              Make active
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}

function AddUpi() {
  const client = useQueryClient()
  const [value, setValue] = useState('')
  const [local, setLocal] = useState<string | null>(null)
  const add = useMutation({
    mutationFn: () => addUpi(value.trim().toLowerCase()),
    onSuccess: async () => {
      setValue('')
      await refreshKyc(client)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!UPI_PATTERN.test(value.trim().toLowerCase())) {
      setLocal(`The UPI id ${UPI_RULE}`)
      return
    }
    setLocal(null)
    add.mutate()
  }
  return (
    <Card className={`${styles.section} ${styles.spaced}`}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Add a UPI id"
          name="upi_str"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@okhdfc"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          errors={local ? [local] : fieldErrorsOf(add.error).upi_str}
        />
        <Button type="submit" busy={add.isPending} data-testid="add-upi">
          Add UPI id
        </Button>
      </form>
    </Card>
  )
}
