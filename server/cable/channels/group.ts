import { groupStream, MessageBody, sendMessage, visibleGroup } from '../../areas/groups'
import { AppError } from '../../http/errors'
import { validationError } from '../../http/validation'
import type { ChannelContext, ChannelDefinition } from '../types'

/**
 * A group's or one-to-one's messages, live (docs/channels.md, "GroupChannel").
 * Identifier `{"channel":"GroupChannel","group_uuid_id":"…"}`; current members only (anyone
 * else, removed members included, is rejected).
 *
 * Sends `{type:'snapshot', seq, group_uuid_id}` on subscribe, then the stream's broadcasts:
 * `message {seq, message}` (every send, over HTTP or `speak`), `removed {user_slug}` and
 * `read {user_slug, message_id}`. When the `removed` names this subscriber, the subscription
 * ends there: that frame is the last it gets.
 *
 * Action `speak {identifier_key, message, message_type?, card_id?}` goes through the same
 * service as POST /api/groups/{uuid}/messages. The echo is the `message` broadcast; a retry
 * of a stored key gets `{type:'echo', message}` (to the speaker only, nothing is broadcast),
 * and a refused send `{type:'speak_failed', identifier_key, code, error, errors?}`.
 */
export const GroupChannel: ChannelDefinition = {
  name: 'GroupChannel',
  async subscribed(ctx) {
    const uuid = ctx.params.group_uuid_id
    if (typeof uuid !== 'string' || uuid.length === 0 || uuid.length > 64) return ctx.reject()
    const member = () =>
      visibleGroup(ctx.deps.db, uuid, ctx.user.id).then(
        () => true,
        () => false,
      )
    if (!(await member())) return ctx.reject()
    const stream = groupStream(uuid)
    ctx.streamFrom(stream)
    ctx.onStream(stream, (message) => {
      if (message.type === 'removed' && message.user_id === ctx.user.id) ctx.close()
    })
    // A removal that committed between the check above and the streams' start would not be
    // seen on the stream: ask again now that they are listening.
    if (!(await member())) return ctx.reject()
    ctx.transmit({ type: 'snapshot', seq: await ctx.deps.bus.lastSeq(stream), group_uuid_id: uuid })
  },
  actions: {
    async speak(ctx, data) {
      const uuid = String(ctx.params.group_uuid_id)
      const { action: _action, ...fields } = data
      const parsed = MessageBody.safeParse(fields)
      if (!parsed.success) return failed(ctx, fields.identifier_key, validationError(parsed.error))
      try {
        const result = await sendMessage(ctx.deps, ctx.user.id, uuid, parsed.data)
        if (!result.created) ctx.transmit({ type: 'echo', message: result.message })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        failed(ctx, parsed.data.identifier_key, error)
      }
    },
  },
}

function failed(ctx: ChannelContext, key: unknown, error: AppError) {
  ctx.transmit({
    type: 'speak_failed',
    identifier_key: typeof key === 'string' ? key : null,
    code: error.code,
    error: error.message,
    ...(error.fields ? { errors: error.fields } : {}),
  })
}
