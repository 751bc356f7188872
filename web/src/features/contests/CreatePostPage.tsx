import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { POST_MAX_CHARS } from '../../../../server/domain/social-text'
import { Card, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { Composer, createContestPost, createWallPost, type Post, postsStyles as styles } from '../posts'
import { contestQuery } from './api'

/**
 * `/contests/create/create-a-post`: a post on my wall, or with `?contest_id=` on that contest.
 * `@username` mentions notify the people named. Posted, it opens the post's own page.
 */
export function CreatePostPage() {
  const [params] = useSearchParams()
  const raw = Number(params.get('contest_id'))
  const contestId = Number.isInteger(raw) && raw > 0 ? raw : null
  const contest = useQuery({ ...contestQuery(contestId ?? 0), enabled: contestId !== null })
  const client = useQueryClient()
  const navigate = useNavigate()
  return (
    <div className={styles.narrow} data-testid="create-post">
      <PageHead
        title="Write a post"
        subtitle={
          contestId === null ? (
            'On your wall: your followers see it in their feed.'
          ) : contest.data ? (
            <>
              On <Link to={`/contests/${contestId}`}>{contest.data.name}</Link>
            </>
          ) : (
            'On a contest'
          )
        }
      />
      {contest.isError ? <Alert>{contest.error.message}</Alert> : null}
      <Card>
        <Composer
          placeholder="What’s on your mind? Mention players with @username"
          max={POST_MAX_CHARS}
          submitLabel="Post"
          testId="post-box"
          rows={6}
          autoFocus
          onSend={(content) =>
            contestId === null ? createWallPost(content) : createContestPost(contestId, content)
          }
          onSent={(answer) => {
            const { post } = answer as { post: Post }
            client.setQueryData(['post', post.id], post)
            void client.invalidateQueries({ queryKey: ['posts'] })
            void client.invalidateQueries({ queryKey: ['feeds'] })
            void client.invalidateQueries({ queryKey: ['discover'] })
            navigate(`/posts/${post.id}`)
          }}
        />
      </Card>
    </div>
  )
}
