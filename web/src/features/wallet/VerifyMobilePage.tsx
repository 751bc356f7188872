import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { MOBILE_RULE, normaliseMobile, OTP_PATTERN } from '../../../../server/domain/kyc-rules'
import { Button, ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { ApiError, type FieldErrors as FieldErrorMap } from '../../lib/api'
import { meQuery } from '../../lib/me'
import { DigitsField, OnFileSummary } from './bits'
import kyc from './kyc.module.css'
import { refreshKyc, sendOtp, verifyOtp } from './kyc-api'
import styles from './wallet.module.css'

/**
 * `/wallet/verify-mobile`: send a one-time password to a number, then enter it. Wrong codes
 * are counted by the server (its message says how many tries are left); sends are rate
 * limited.
 */
export function VerifyMobilePage() {
  const me = useQuery(meQuery)
  const [changing, setChanging] = useState(false)
  // The number just verified here: shown at once, before the me answer catches up.
  const [verifiedNow, setVerifiedNow] = useState<string | null>(null)
  if (me.isPending) return <Loading />
  if (me.isError) return <Alert>{me.error.message}</Alert>
  const number = verifiedNow ?? me.data.mobile_no
  const verified = (verifiedNow !== null || me.data.mobile_approved) && !changing
  return (
    <div className={styles.page} data-testid="verify-mobile-page">
      <PageHead title="Verify mobile number" subtitle="We send a one-time password (OTP) by SMS." />
      {verified ? (
        <Card>
          {verifiedNow ? (
            <Alert tone="notice">
              <span data-testid="mobile-verified">Your mobile number is verified.</span>
            </Alert>
          ) : null}
          <OnFileSummary
            caption="Verified number"
            value={number}
            valueTestId="verified-mobile"
            tone="ok"
            status="Verified"
            statusTestId="mobile-state"
          />
          <div className={styles.formActions}>
            <ButtonLink to="/wallet" variant="secondary">
              Back to wallet
            </ButtonLink>
            <Button
              variant="ghost"
              onClick={() => {
                setChanging(true)
                setVerifiedNow(null)
              }}
            >
              Change number
            </Button>
          </div>
        </Card>
      ) : (
        <OtpFlow
          initial={me.data.mobile_no ?? ''}
          onVerified={(mobile) => {
            setVerifiedNow(mobile)
            setChanging(false)
          }}
        />
      )}
    </div>
  )
}

function OtpFlow({ initial, onVerified }: { initial: string; onVerified: (mobile: string) => void }) {
  const flow = useOtp(initial, onVerified)
  const { send, verify, sentTo } = flow

  const sendFields = fieldErrorsOf(send.error)
  const sendProblem =
    send.error && !sendFields.mobile_number
      ? send.error instanceof ApiError && send.error.status === 429
        ? `${send.error.message}.`
        : send.error.message
      : null
  if (!sentTo) return <NumberForm flow={flow} sendProblem={sendProblem} sendFields={sendFields} />

  const otpErrors = flow.localError ? [flow.localError] : fieldErrorsOf(verify.error).otp
  const verifyProblem = verify.error && !fieldErrorsOf(verify.error).otp ? verify.error.message : null
  return (
    <Card>
      <form onSubmit={flow.submitOtp} noValidate>
        <Alert tone="info">
          <span data-testid="otp-sent">
            We sent an OTP to {sentTo}. It is valid for 10 minutes. (In Fanspole Local it lands in the outbox
            an admin reads with <code>fanspole outbox</code>.)
          </span>
        </Alert>
        {verifyProblem ? <Alert>{verifyProblem}</Alert> : null}
        {sendProblem ? <Alert>{sendProblem}</Alert> : null}
        <div className={kyc.otpInput}>
          <DigitsField
            label="OTP"
            name="otp"
            autoComplete="one-time-code"
            maxLength={6}
            value={flow.otp}
            onDigits={flow.setOtp}
            errors={otpErrors}
          />
        </div>
        <div className={styles.formActions}>
          <Button type="submit" busy={verify.isPending} data-testid="verify-otp">
            Verify
          </Button>
          <Button
            variant="ghost"
            busy={send.isPending}
            onClick={() => send.mutate(sentTo)}
            data-testid="resend-otp"
          >
            Resend OTP
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              flow.setSentTo(null)
              verify.reset()
            }}
          >
            Change number
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** The number, the OTP sent to it and the two steps' mutations, with their local checks. */
function useOtp(initial: string, onVerified: (mobile: string) => void) {
  const client = useQueryClient()
  const [mobile, setMobile] = useState(initial)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [otp, setOtp] = useState('')
  const [localError, setLocalError] = useState<string | null>(null)
  const send = useMutation({
    mutationFn: (number: string) => sendOtp(number),
    meta: { silent: true },
    onSuccess: (answer) => {
      setSentTo(answer.mobile_number)
      setOtp('')
    },
  })
  const verify = useMutation({
    mutationFn: () => verifyOtp(sentTo ?? mobile, otp.trim()),
    meta: { silent: true },
    onSuccess: (answer) => {
      onVerified(answer.mobile_no)
      return refreshKyc(client)
    },
  })

  const submitNumber = (event: FormEvent) => {
    event.preventDefault()
    const normal = normaliseMobile(mobile)
    if (!normal) {
      setLocalError(`The number ${MOBILE_RULE}`)
      return
    }
    setLocalError(null)
    send.mutate(normal)
  }
  const submitOtp = (event: FormEvent) => {
    event.preventDefault()
    if (!OTP_PATTERN.test(otp.trim())) {
      setLocalError('Enter the 6 digits we sent')
      return
    }
    setLocalError(null)
    verify.mutate()
  }
  return {
    mobile,
    setMobile,
    sentTo,
    setSentTo,
    otp,
    setOtp,
    localError,
    send,
    verify,
    submitNumber,
    submitOtp,
  }
}

/** The first step: the number to send the OTP to. */
function NumberForm({
  flow,
  sendProblem,
  sendFields,
}: {
  flow: ReturnType<typeof useOtp>
  sendProblem: string | null
  sendFields: FieldErrorMap
}) {
  const { submitNumber, mobile, setMobile, localError, send } = flow
  return (
    <Card>
      <form onSubmit={submitNumber} noValidate>
        {sendProblem ? <Alert>{sendProblem}</Alert> : null}
        <TextField
          label="Mobile number"
          name="mobile_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          errors={localError ? [localError] : sendFields.mobile_number}
          hint="10 digits; +91 is optional"
        />
        <Button type="submit" block busy={send.isPending} data-testid="send-otp">
          Send OTP
        </Button>
      </form>
    </Card>
  )
}
