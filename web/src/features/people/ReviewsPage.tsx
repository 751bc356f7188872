import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/Button'
import { Avatar, Card, EmptyState, Loading } from '../../components/Common'
import { Alert, FieldErrors, TextAreaField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { TimeAgo } from '../../components/TimeAgo'
import ui from '../../components/ui.module.css'
import { ApiError } from '../../lib/api'
import { data, http } from '../../lib/client'
import { formatNumber } from '../../lib/format'
import { showSnackbar } from '../../lib/snackbar'
import { type PublicUser, type RatingsPage, ratingsQuery, type UserRating, userPath } from './api'
import { patchUserEverywhere } from './follow'
import styles from './people.module.css'
import { Stars } from './UserRow'
import { UserSubpageHead, UserSubpagePager, useUserSubpage } from './UserSubpage'

/**
 * `/users/:slug/reviews`: the average, every rating latest-edited first, and my own rating
 * (1–5 with an optional review; posting again edits it). Not on my own page: the server
 * refuses self-ratings, so the form is not offered.
 */
export function ReviewsPage() {
  const { slug, page, setPage, signedIn, me, profile } = useUserSubpage()
  const ratings = useQuery(ratingsQuery(slug, page))
  const isMe = Boolean(me.data && me.data.slug === slug)
  return (
    <div data-testid="reviews-page">
      <UserSubpageHead
        slug={slug}
        title="Ratings and reviews"
        subtitle={profile.data ? `@${profile.data.username}` : slug}
      />
      {ratings.isPending ? (
        <Loading />
      ) : ratings.isError ? (
        <Alert>{ratings.error.message}</Alert>
      ) : (
        <>
          <Card>
            <Average data={ratings.data} />
          </Card>
          {signedIn && !isMe && me.data && profile.data ? (
            <RateForm
              user={profile.data}
              mine={ratings.data.ratings.find((r) => r.rater.slug === me.data?.slug)}
            />
          ) : null}
          {!signedIn ? (
            <p className={styles.muted}>
              <Link to="/login">Log in</Link> to rate this player.
            </p>
          ) : null}
          <Card className={styles.section}>
            {ratings.data.ratings.length === 0 ? (
              <EmptyState title="No reviews yet" />
            ) : (
              <ul className={styles.list} data-testid="reviews">
                {ratings.data.ratings.map((r) => (
                  <Review key={r.id} rating={r} />
                ))}
              </ul>
            )}
            <UserSubpagePager meta={ratings.data.meta} onPage={setPage} />
          </Card>
        </>
      )}
    </div>
  )
}

function Average({ data }: { data: RatingsPage }) {
  if (data.average_rating === null) return <p className={styles.muted}>Not rated yet.</p>
  return (
    <div className={styles.average}>
      <span className={styles.averageNumber} data-testid="average-rating">
        {data.average_rating.toFixed(1)}
      </span>
      <Stars value={data.average_rating} />
      <span className={styles.muted} data-testid="ratings-count">
        {formatNumber(data.ratings_count)} {data.ratings_count === 1 ? 'rating' : 'ratings'}
      </span>
    </div>
  )
}

function Review({ rating }: { rating: UserRating }) {
  return (
    <li className={styles.review} data-testid="review">
      <Link to={userPath(rating.rater.slug)}>
        <Avatar src={rating.rater.image} name={rating.rater.display_name} size={40} />
      </Link>
      <div className={styles.reviewBody}>
        <div className={styles.reviewHead}>
          <Link to={userPath(rating.rater.slug)}>
            <strong>{rating.rater.display_name}</strong>
          </Link>
          <Stars value={rating.rating} />
        </div>
        <TimeAgo className={styles.muted} atMs={rating.updated_at_in_millis} />
        {rating.review ? <p className={styles.reviewText}>{rating.review}</p> : null}
      </div>
    </li>
  )
}

function RateForm({ user, mine }: { user: PublicUser; mine: UserRating | undefined }) {
  const client = useQueryClient()
  const [stars, setStars] = useState(mine?.rating ?? 0)
  const [review, setReview] = useState(mine?.review ?? '')
  const rate = useMutation({
    mutationFn: () =>
      data(
        http.POST('/api/users/{slug}/ratings', {
          params: { path: { slug: user.slug } },
          body: { rating: stars, ...(review.trim() ? { review: review.trim() } : {}) },
        }),
      ),
    onSuccess: ({ user: fresh }) => {
      patchUserEverywhere(client, fresh.slug, (u) => ({
        ...u,
        average_rating: fresh.average_rating,
        ratings_count: fresh.ratings_count,
      }))
      void client.invalidateQueries({ queryKey: ['ratings', fresh.slug] })
      showSnackbar(mine ? 'Your rating is updated.' : 'Thanks for rating.', 'info')
    },
  })
  const fields = fieldErrorsOf(rate.error)
  const general =
    rate.error instanceof ApiError && rate.error.status !== 422
      ? null
      : unplacedError(rate.error, ['rating', 'review'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (stars >= 1) rate.mutate()
  }
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{mine ? 'Your rating' : `Rate @${user.username}`}</h2>
      <form onSubmit={submit} data-testid="rate-form">
        {general ? <Alert>{general}</Alert> : null}
        <fieldset className={styles.starPicker}>
          <legend className={ui.visuallyHidden}>Stars</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              className={styles.starButton}
              aria-pressed={n <= stars}
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
              onClick={() => setStars(n)}
            >
              ★
            </button>
          ))}
        </fieldset>
        <FieldErrors errors={fields.rating} />
        <TextAreaField
          label="Review (optional)"
          value={review}
          maxLength={1000}
          rows={3}
          onChange={(e) => setReview(e.target.value)}
          errors={fields.review}
          hint={`${review.length}/1000`}
        />
        <Button type="submit" busy={rate.isPending} disabled={stars < 1} data-testid="rate-submit">
          {mine ? 'Update rating' : 'Submit rating'}
        </Button>
      </form>
    </Card>
  )
}
