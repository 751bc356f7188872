/** The text of every mail the product sends. Links point at the web client. */
export function verificationMail(baseUrl: string, username: string, token: string) {
  return {
    subject: 'Verify your e-mail address',
    body: [
      `Hi ${username},`,
      '',
      'Welcome to Fanspole! Please confirm this is your e-mail address by opening:',
      `${baseUrl}/reset-password/${token}?mode=activation`,
      '',
      'You can play, add cash and withdraw while the address is unverified. To withdraw winnings you need',
      'a verified mobile number, an approved PAN and a bank account or UPI id (Wallet, then Verify).',
      `Activation token: ${token}`,
    ].join('\n'),
  }
}

export function invitationMail(baseUrl: string, username: string, token: string) {
  return {
    subject: 'You are invited to Fanspole',
    body: [
      `Hi ${username},`,
      '',
      'An admin created a Fanspole account for you. Choose a password to activate it:',
      `${baseUrl}/reset-password/${token}?mode=activation`,
      '',
      'The link works once and expires in 7 days.',
      `Activation token: ${token}`,
    ].join('\n'),
  }
}

export function resetPasswordMail(baseUrl: string, username: string, token: string) {
  return {
    subject: 'Reset your Fanspole password',
    body: [
      `Hi ${username},`,
      '',
      'Someone (hopefully you) asked to reset your password. Choose a new one here:',
      `${baseUrl}/reset-password/${token}`,
      '',
      'The link works once and expires in one hour. If you did not ask, ignore this mail.',
      `Reset token: ${token}`,
    ].join('\n'),
  }
}
