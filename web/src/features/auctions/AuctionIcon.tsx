import type { SVGProps } from 'react'

/** A gavel, for the menu (the shared icon set has none; kept here so the shell pulls in only this). */
export const AuctionIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    {...props}
  >
    <path d="M14.5 3.5l6 6M12 6l6 6M10.5 7.5l6 6-3 3-6-6zM9 12l-6 6 3 3 6-6M4 21h9" />
  </svg>
)
