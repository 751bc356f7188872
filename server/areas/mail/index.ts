/** The local outbox: mails are rows, sent by nobody (docs/users-and-auth.md). The front door. */
export { listOutbox, sendMail } from './service'
export { invitationMail, resetPasswordMail, verificationMail } from './templates'
