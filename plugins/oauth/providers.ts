/** The OAuth providers the spec names, in its order. */
export const oauthProviderIds = ['google', 'discord', 'github', 'linkedin', 'twitter', 'spotify', 'instagram', 'tiktok', 'apple'] as const
export type OAuthProviderId = (typeof oauthProviderIds)[number]

/** Dotted paths into the userinfo JSON (non-OIDC providers) that give the account's fields. */
export interface ProfileFields {
  subject: string
  email?: string
  name?: string
  username?: string
}

/** One provider as data: how it looks and how its documented OAuth 2.0 / OIDC endpoints are reached. */
export interface OAuthProviderDef {
  id: OAuthProviderId
  displayName: string
  /** Inline SVG (plugin code, never user input). */
  icon: string
  authorizationEndpoint: string
  tokenEndpoint: string
  /** Non-OIDC providers: where the profile is read with the access token. */
  userinfoEndpoint?: string
  scopes: string[]
  /** OIDC: the ID token is validated (signature via JWKS, iss, aud, nonce, exp) and gives the identity. */
  oidc: boolean
  issuer?: string
  jwksUri?: string
  profile?: ProfileFields
  /** How the client authenticates at the token endpoint. Default 'post' (client_secret_post). */
  tokenAuth?: 'post' | 'basic'
  /** Name of the client-id parameter (TikTok calls it client_key). Default 'client_id'. */
  clientIdParam?: string
  /** Separator of the scope parameter. Default ' '. */
  scopeSeparator?: string
  /** Extra authorization parameters the provider documents (Apple's form_post). */
  extraAuthParams?: Record<string, string>
}

const svg = (body: string, viewBox = '0 0 24 24') => `<svg viewBox="${viewBox}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`

/** Every supported provider, with each provider's documented endpoints as defaults. */
export const oauthProviders: Record<OAuthProviderId, OAuthProviderDef> = {
  google: {
    id: 'google',
    displayName: 'Google',
    icon: svg(
      '<path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"/><path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"/><path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z"/><path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"/>',
    ),
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    scopes: ['openid', 'email', 'profile'],
    oidc: true,
    issuer: 'https://accounts.google.com',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  discord: {
    id: 'discord',
    displayName: 'Discord',
    icon: svg(
      '<path fill="#5865F2" d="M20.32 4.37A19.8 19.8 0 0 0 15.39 2.8a13.7 13.7 0 0 0-.63 1.3 18.4 18.4 0 0 0-5.5 0 12.6 12.6 0 0 0-.64-1.3 19.7 19.7 0 0 0-4.93 1.57C.57 9.07-.28 13.66.15 18.18a19.9 19.9 0 0 0 6.04 3.05c.49-.66.92-1.36 1.3-2.1a12.9 12.9 0 0 1-2.04-.98l.5-.39a14.2 14.2 0 0 0 12.1 0l.5.39c-.65.39-1.33.71-2.05.98.38.74.81 1.44 1.3 2.1a19.9 19.9 0 0 0 6.05-3.05c.5-5.24-.84-9.79-3.53-13.81zM8.02 15.4c-1.18 0-2.15-1.08-2.15-2.42s.95-2.42 2.15-2.42 2.17 1.09 2.15 2.42c0 1.34-.95 2.42-2.15 2.42zm7.96 0c-1.18 0-2.15-1.08-2.15-2.42s.95-2.42 2.15-2.42 2.17 1.09 2.15 2.42c0 1.34-.95 2.42-2.15 2.42z"/>',
    ),
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    oidc: false,
    profile: { subject: 'id', email: 'email', name: 'global_name', username: 'username' },
  },
  github: {
    id: 'github',
    displayName: 'GitHub',
    icon: svg(
      '<path fill="currentColor" d="M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57L9 21.07c-3.34.72-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.08-.74.09-.73.09-.73 1.2.09 1.83 1.24 1.83 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22l-.01 3.29c0 .31.2.69.82.57A12 12 0 0 0 12 .3"/>',
    ),
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    oidc: false,
    profile: { subject: 'id', email: 'email', name: 'name', username: 'login' },
  },
  linkedin: {
    id: 'linkedin',
    displayName: 'LinkedIn',
    icon: svg(
      '<path fill="#0A66C2" d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05a3.74 3.74 0 0 1 3.37-1.85c3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z"/>',
    ),
    authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    scopes: ['openid', 'profile', 'email'],
    oidc: true,
    issuer: 'https://www.linkedin.com/oauth',
    jwksUri: 'https://www.linkedin.com/oauth/openid/jwks',
  },
  twitter: {
    id: 'twitter',
    displayName: 'Twitter',
    icon: svg(
      '<path fill="currentColor" d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z"/>',
    ),
    authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    oidc: false,
    tokenAuth: 'basic',
    profile: { subject: 'data.id', name: 'data.name', username: 'data.username' },
  },
  spotify: {
    id: 'spotify',
    displayName: 'Spotify',
    icon: svg(
      '<path fill="#1DB954" d="M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24zm5.52 17.3a.75.75 0 0 1-1.03.25c-2.82-1.72-6.37-2.11-10.55-1.16a.75.75 0 1 1-.33-1.46c4.57-1.04 8.5-.6 11.66 1.34.36.22.47.68.25 1.03zm1.47-3.27a.94.94 0 0 1-1.29.31c-3.23-1.98-8.15-2.56-11.97-1.4a.94.94 0 0 1-.54-1.8c4.36-1.32 9.78-.68 13.49 1.6.44.27.58.85.31 1.29zm.13-3.4C15.25 8.33 8.87 8.12 5.17 9.24a1.12 1.12 0 1 1-.65-2.15c4.25-1.29 11.3-1.04 15.76 1.6a1.12 1.12 0 0 1-1.16 1.94z"/>',
    ),
    authorizationEndpoint: 'https://accounts.spotify.com/authorize',
    tokenEndpoint: 'https://accounts.spotify.com/api/token',
    userinfoEndpoint: 'https://api.spotify.com/v1/me',
    scopes: ['user-read-email', 'user-read-private'],
    oidc: false,
    profile: { subject: 'id', email: 'email', name: 'display_name' },
  },
  instagram: {
    id: 'instagram',
    displayName: 'Instagram',
    icon: svg(
      '<defs><linearGradient id="foyer-ig" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#FD5"/><stop offset=".5" stop-color="#FF543E"/><stop offset="1" stop-color="#C837AB"/></linearGradient></defs><path fill="url(#foyer-ig)" d="M12 2.16c3.2 0 3.58.01 4.85.07 3.25.15 4.77 1.69 4.92 4.92.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.15 3.23-1.66 4.77-4.92 4.92-1.27.06-1.64.07-4.85.07s-3.58-.01-4.85-.07c-3.26-.15-4.77-1.7-4.92-4.92C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85C2.38 3.92 3.9 2.38 7.15 2.23 8.42 2.17 8.8 2.16 12 2.16zM12 0C8.74 0 8.33.01 7.05.07 2.7.27.27 2.69.07 7.05.01 8.33 0 8.74 0 12s.01 3.67.07 4.95c.2 4.36 2.62 6.78 6.98 6.98 1.28.06 1.69.07 4.95.07s3.67-.01 4.95-.07c4.35-.2 6.78-2.62 6.98-6.98.06-1.28.07-1.69.07-4.95s-.01-3.67-.07-4.95C23.73 2.7 21.31.27 16.95.07 15.67.01 15.26 0 12 0zm0 5.84a6.16 6.16 0 1 0 0 12.32 6.16 6.16 0 0 0 0-12.32zM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm6.4-11.85a1.44 1.44 0 1 0 0 2.88 1.44 1.44 0 0 0 0-2.88z"/>',
    ),
    authorizationEndpoint: 'https://www.instagram.com/oauth/authorize',
    tokenEndpoint: 'https://api.instagram.com/oauth/access_token',
    userinfoEndpoint: 'https://graph.instagram.com/me?fields=user_id,username,name',
    scopes: ['instagram_business_basic'],
    oidc: false,
    scopeSeparator: ',',
    profile: { subject: 'user_id', name: 'name', username: 'username' },
  },
  tiktok: {
    id: 'tiktok',
    displayName: 'TikTok',
    icon: svg(
      '<path fill="currentColor" d="M12.53.02C13.84 0 15.14.01 16.44 0c.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03a10.7 10.7 0 0 1-4.2-.97 12.4 12.4 0 0 1-1.62-.93c-.01 2.92.01 5.84-.02 8.75a7.64 7.64 0 0 1-1.35 3.94 7.45 7.45 0 0 1-5.91 3.21 7.3 7.3 0 0 1-4.09-1.03 7.55 7.55 0 0 1-3.65-5.72c-.02-.5-.03-1-.01-1.49a7.53 7.53 0 0 1 8.74-6.68c.02 1.48-.04 2.96-.04 4.44a3.43 3.43 0 0 0-4.38 2.12c-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87a3.36 3.36 0 0 0 2.77-1.61c.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z"/>',
    ),
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfoEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,display_name,username',
    scopes: ['user.info.basic', 'user.info.profile'],
    oidc: false,
    clientIdParam: 'client_key',
    scopeSeparator: ',',
    profile: { subject: 'data.user.open_id', name: 'data.user.display_name', username: 'data.user.username' },
  },
  apple: {
    id: 'apple',
    displayName: 'Apple',
    icon: svg(
      '<path fill="currentColor" d="M17.05 20.28c-.98.95-2.05.8-3.08.35-1.09-.46-2.09-.48-3.24 0-1.44.62-2.2.44-3.06-.35C2.79 15.25 3.51 7.59 9.05 7.31c1.35.07 2.29.74 3.08.8 1.18-.24 2.31-.93 3.57-.84 1.51.12 2.65.72 3.4 1.8-3.12 1.87-2.38 5.98.48 7.13-.57 1.5-1.31 2.99-2.54 4.09zM12.03 7.25c-.15-2.23 1.66-4.07 3.74-4.25.29 2.58-2.34 4.5-3.74 4.25z"/>',
    ),
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    scopes: ['name', 'email'],
    oidc: true,
    issuer: 'https://appleid.apple.com',
    jwksUri: 'https://appleid.apple.com/auth/keys',
    // Apple answers with a form POST when name or e-mail is requested.
    extraAuthParams: { response_mode: 'form_post' },
  },
}

/** Whether `id` names a supported provider. */
export const isOAuthProvider = (id: unknown): id is OAuthProviderId =>
  typeof id === 'string' && (oauthProviderIds as readonly string[]).includes(id)

/** The provider's display name; 'Unknown' for anything else (the spec). */
export function providerDisplayName(id: string | null | undefined): string {
  return isOAuthProvider(id) ? oauthProviders[id].displayName : 'Unknown'
}
