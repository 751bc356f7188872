import type { SVGProps } from 'react'
import { Icon } from '../../components/Icons'

/** A gavel, for the menu (the shared icon set has none; the auction feature draws its own). */
export const AuctionIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M14.5 3.5l6 6M12 6l6 6M10.5 7.5l6 6-3 3-6-6zM9 12l-6 6 3 3 6-6M4 21h9" />
  </Icon>
)
