/** In-app notifications and their live stream (docs/notifications.md). The front door. */
export { notifyMany } from './bulk'
export { NotificationSchema, notificationRoutes } from './routes'
export { type NotificationData, NotificationDataSchema } from './schemas'
export {
  announce,
  markAllRead,
  type NewNotification,
  type NotificationJson,
  notificationStream,
  notify,
  notifyGrouped,
  notifyOnce,
  serializeNotification,
  unreadCount,
} from './service'
