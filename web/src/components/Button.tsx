import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router'
import styles from './ui.module.css'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'gold'

interface Common {
  variant?: Variant
  small?: boolean
  block?: boolean
  children: ReactNode
}

function classes(variant: Variant, small?: boolean, block?: boolean, extra?: string): string {
  return [
    styles.button,
    variant !== 'primary' ? styles[variant] : '',
    small ? styles.small : '',
    block ? styles.block : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ')
}

export function Button({
  variant = 'primary',
  small,
  block,
  className,
  type = 'button',
  busy,
  children,
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  return (
    <button
      type={type}
      className={classes(variant, small, block, className)}
      aria-busy={busy || undefined}
      {...rest}
      disabled={rest.disabled || busy}
    >
      {children}
    </button>
  )
}

export function ButtonLink({
  to,
  variant = 'primary',
  small,
  block,
  children,
  ...rest
}: Common & { to: string; 'data-testid'?: string }) {
  return (
    <Link to={to} className={classes(variant, small, block)} {...rest}>
      {children}
    </Link>
  )
}
