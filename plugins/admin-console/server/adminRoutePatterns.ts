/** The Hono patterns of adminPaths' routes with parameters (a test checks each against its adminPaths builder). */
export const adminRoutePatterns = {
  app: '/api/v1/admin/apps/:appId',
  appSecrets: '/api/v1/admin/apps/:appId/secrets',
  appSecret: '/api/v1/admin/apps/:appId/secrets/:secretId',
  webhooks: '/api/v1/admin/apps/:appId/webhooks',
  webhook: '/api/v1/admin/apps/:appId/webhooks/:endpointId',
  webhookDeliveries: '/api/v1/admin/apps/:appId/webhooks/:endpointId/deliveries',
  webhookReplay: '/api/v1/admin/apps/:appId/webhooks/:endpointId/deliveries/:deliveryId/replay',
  users: '/api/v1/admin/apps/:appId/users',
  user: '/api/v1/admin/apps/:appId/users/:userId',
  userSessionsRevoke: '/api/v1/admin/apps/:appId/users/:userId/sessions/revoke',
  stats: '/api/v1/admin/apps/:appId/stats',
  operator: '/api/v1/admin/operators/:userId',
} as const
