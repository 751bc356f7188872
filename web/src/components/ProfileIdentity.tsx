import { Avatar } from './Common'
import hero from './profile-hero.module.css'

/** Who a profile is, at the top of its hero card: avatar, name, @handle and (when set) the team name. */
export function ProfileIdentity({
  user,
  nameClassName,
}: {
  user: { image: string | null; display_name: string; username: string; team_name: string | null }
  /** The page's own touches to the name. */
  nameClassName?: string
}) {
  return (
    <>
      <Avatar src={user.image} name={user.display_name} size={88} />
      <h1 className={nameClassName ? `${hero.name} ${nameClassName}` : hero.name}>{user.display_name}</h1>
      <div className={hero.handle} data-testid="profile-username">
        @{user.username}
      </div>
      {user.team_name ? <div className={hero.team}>{user.team_name}</div> : null}
    </>
  )
}
