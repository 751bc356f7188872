/** The front door of features/auth: what other features may use. Signing in and up. Other features use its page styles (the onboarding steps share its layout). */
export { default as authStyles } from './auth.module.css'
