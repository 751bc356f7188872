import { Link } from 'react-router'
import { Callout, FactTable } from '../../../components/Prose'
import { ClaimRefundForm, RefundStatusList } from '../../wallet'
import type { ArticleBodies } from '../article-bodies'

function Wallet() {
  return (
    <>
      <p>Your wallet has three parts. Your profile shows each of them.</p>
      <FactTable
        head={['Part', 'What goes in and what it is for']}
        rows={[
          [
            'Unused balance',
            'Money you add, refunds of cancelled contests and cash rewards. Spend it on contest entry fees and paid transfers. It cannot be withdrawn.',
          ],
          [
            'Winnings',
            'Prizes you win. Spend them on contests too, or withdraw them to your bank account or UPI.',
          ],
          [
            'Coins',
            'Reward points from scratch cards and referrals. Used to pay auction entry charges. Coins are not cash.',
          ],
        ]}
      />
      <p>
        Your <strong>current balance</strong> is unused balance plus winnings. When you join a contest the
        entry fee is taken from your unused balance first and then from winnings.
      </p>
      <h2>Adding cash</h2>
      <ul>
        <li>Add between ₹10 and ₹10,000 at a time.</li>
        <li>
          Pay by card (PayUMoney) or Paytm. The money lands in your unused balance as soon as the payment
          succeeds.
        </li>
        <li>
          A failed payment is never charged. If money left your account but did not arrive, see support.
        </li>
      </ul>
      <h2>Passbooks</h2>
      <p>
        Every movement of unused balance, winnings and coins is listed in its passbook with the date, the
        reason and the balance after it. Fanspole keeps its books double-entry: every rupee that leaves one
        place arrives in another, so a passbook always adds up.
      </p>
      <h2>Scratch cards</h2>
      <p>
        You earn a scratch card for paid contest entries and successful referrals. Scratch it to reveal a
        reward: cash goes to your unused balance, coins to your coins.
      </p>
      <Callout>
        Unused money that sits untouched for a year may be forfeited. Winnings are never forfeited; withdraw
        them any time you are verified. See <Link to="/help/redemptions">withdrawals</Link>.
      </Callout>
    </>
  )
}

function Redemptions() {
  return (
    <>
      <p>
        Withdrawing is called a <strong>redemption</strong>. Only winnings can be withdrawn, to a bank account
        or UPI id in your own name.
      </p>
      <h2>Get verified first</h2>
      <ol>
        <li>Verify your mobile number with the one-time password we send.</li>
        <li>Submit your PAN card. Review takes up to 3 working days.</li>
        <li>Add your bank account or your UPI id.</li>
      </ol>
      <p>
        Once all three are done you can withdraw from <Link to="/wallet/withdraw">your wallet</Link>.
      </p>
      <h2>Limits and fees</h2>
      <FactTable
        head={['Limit', 'Bank transfer and UPI']}
        rows={[
          ['Minimum per request', 'Bank ₹200 · UPI ₹100'],
          ['Fee', 'Bank free · UPI ₹10 per transfer, on top (₹300 received, ₹310 from winnings)'],
          ['Maximum', 'UPI at most ₹10,000 per day'],
          ['Time to arrive', 'Bank up to 7 working days · UPI usually the same day after approval'],
        ]}
      />
      <h2>What happens to a request</h2>
      <ul>
        <li>
          The amount leaves your winnings at once and the request is <strong>pending</strong> while we check
          it.
        </li>
        <li>
          <strong>Approved</strong>: the money is on its way to your bank or UPI.
        </li>
        <li>
          <strong>Rejected</strong>: the full amount returns to your winnings, with the reason in your
          notifications.
        </li>
      </ul>
      <h2>Tax</h2>
      <p>
        Prizes are subject to TDS under the Income Tax Act, 1961. Tax is deducted before a prize reaches your
        winnings and a TDS certificate is issued against your PAN, so the amount you withdraw is already after
        tax.
      </p>
    </>
  )
}

function ClaimRefund() {
  return (
    <>
      <p>
        Cancelled contests are refunded by themselves. For anything else (money that left your account but did
        not reach your wallet, or a contest that went wrong) tell us here. We answer within 2 working days;
        follow it on <Link to="/help/refund-status">refund status</Link>.
      </p>
      <ClaimRefundForm />
    </>
  )
}

function RefundStatus() {
  return (
    <>
      <p>
        Every refund you claimed, newest first, with our answer once we have looked at it. Money we refund
        shows in your <Link to="/wallet/unused-passbook">unused passbook</Link>.
      </p>
      <RefundStatusList />
    </>
  )
}

export const bodies: ArticleBodies = {
  wallet: Wallet,
  redemptions: Redemptions,
  'claim-refund': ClaimRefund,
  'refund-status': RefundStatus,
}
