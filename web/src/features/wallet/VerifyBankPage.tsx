import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import {
  ACCOUNT_NUMBER_PATTERN,
  ACCOUNT_NUMBER_RULE,
  IFSC_PATTERN,
  IFSC_RULE,
} from '../../../../server/domain/kyc-rules'
import { Button, ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { useTextForm } from '../../components/text-form'
import { DetailsForm, DigitsField, OnFileSummary, useFieldErrors } from './bits'
import { type BankDetails, bankDetailsQuery, refreshKyc, saveBankDetails } from './kyc-api'
import styles from './wallet.module.css'

/** `/wallet/verify-bank-account`: the one bank account withdrawals go to (saving replaces it). */
export function VerifyBankPage() {
  const bank = useQuery(bankDetailsQuery)
  const [editing, setEditing] = useState(false)
  if (bank.isPending) return <Loading />
  if (bank.isError) return <Alert>{bank.error.message}</Alert>
  return (
    <div className={styles.page} data-testid="verify-bank-page">
      <PageHead
        title="Bank account"
        subtitle="Withdrawals of ₹200 or more go here. Use an account in your own name."
      />
      {bank.data && !editing ? (
        <>
          <OnFile bank={bank.data} />
          <div className={styles.formActions}>
            <ButtonLink to="/wallet" variant="secondary">
              Back to wallet
            </ButtonLink>
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Use another account
            </Button>
          </div>
        </>
      ) : (
        <BankForm onSaved={() => setEditing(false)} />
      )}
    </div>
  )
}

function OnFile({ bank }: { bank: BankDetails }) {
  return (
    <Card className={`${styles.section} ${styles.spaced}`}>
      <OnFileSummary
        caption={bank.account_holder}
        value={bank.account_number}
        valueTestId="bank-account"
        tone={bank.verified ? 'ok' : 'wait'}
        status={bank.verified ? 'On file' : 'Pending'}
        statusTestId="bank-state"
      />
      <p className={styles.muted}>{[bank.bank_name, bank.ifsc].filter(Boolean).join(' · ')}</p>
    </Card>
  )
}

function BankForm({ onSaved }: { onSaved: () => void }) {
  const { form, setValue, binder } = useTextForm({
    account_holder: '',
    account_number: '',
    confirm: '',
    ifsc: '',
    bank_name: '',
  })
  const save = useSaveBank(form, onSaved)
  const { errorsOf, check } = useFieldErrors(save.error)
  const field = binder(errorsOf)
  const digits = (key: 'account_number' | 'confirm', name: string) => ({
    name,
    value: form[key],
    onDigits: (typed: string) => setValue(key, typed),
    errors: errorsOf(key),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: Record<string, string[]> = {}
    const account = form.account_number.trim()
    if (form.account_holder.trim().length < 2) problems.account_holder = ['enter the name on the account']
    if (!ACCOUNT_NUMBER_PATTERN.test(account)) problems.account_number = [ACCOUNT_NUMBER_RULE]
    else if (account !== form.confirm.trim()) problems.confirm = ['does not match the account number']
    if (!IFSC_PATTERN.test(form.ifsc.trim().toUpperCase())) problems.ifsc = [IFSC_RULE]
    if (check(problems)) save.mutate()
  }
  return (
    <DetailsForm
      onSubmit={submit}
      error={save.error}
      shownFields={['account_holder', 'account_number', 'ifsc', 'bank_name']}
    >
      <TextField label="Account holder" {...field('account_holder')} autoComplete="name" />
      <DigitsField label="Account number" {...digits('account_number', 'account_number')} />
      <DigitsField label="Confirm account number" {...digits('confirm', 'confirm_account_number')} />
      <TextField
        label="IFSC"
        {...field('ifsc')}
        onChange={(e) => setValue('ifsc', e.target.value.toUpperCase())}
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        placeholder="HDFC0001234"
      />
      <TextField label="Bank name (optional)" {...field('bank_name')} />
      <Button type="submit" block busy={save.isPending} data-testid="save-bank">
        Save bank account
      </Button>
    </DetailsForm>
  )
}

type BankFormValues = { account_holder: string; account_number: string; ifsc: string; bank_name: string }

/** Saves the account (it replaces the one on file), then refreshes what the wallet shows. */
function useSaveBank(form: BankFormValues, onSaved: () => void) {
  const client = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: () =>
      saveBankDetails({
        account_holder: form.account_holder.trim(),
        account_number: form.account_number.trim(),
        ifsc: form.ifsc.trim().toUpperCase(),
        ...(form.bank_name.trim() ? { bank_name: form.bank_name.trim() } : {}),
      }),
    onSuccess: async (answer) => {
      client.setQueryData(bankDetailsQuery.queryKey, answer.bank_details)
      await refreshKyc(client)
      onSaved()
    },
  })
}
