import type { ComponentType } from 'react'

/** An article group's bodies by slug; the registry loads a group's chunk before its pages render. */
export type ArticleBodies = Record<string, ComponentType>
