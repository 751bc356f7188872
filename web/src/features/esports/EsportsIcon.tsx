import type { SVGProps } from 'react'
import { Icon } from '../../components/Icons'

/** A game pad, for the menu (the shared icon set has none; the esports feature draws its own). */
export const EsportsIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M7 8h10a4 4 0 0 1 4 4.5l-.6 4A2.5 2.5 0 0 1 16 18l-2-2h-4l-2 2a2.5 2.5 0 0 1-4.4-1.5l-.6-4A4 4 0 0 1 7 8z" />
    <path d="M7.5 11v3M6 12.5h3M15.5 12h.01M17.5 13.5h.01" />
  </Icon>
)
