import type { OAuthProviderId } from '../providerIds.js'

/** Dotted paths into the userinfo JSON (non-OIDC providers) that give the account's fields. */
export interface ProfileFields {
  subject: string
  email?: string
  name?: string
  username?: string
}

/**
 * How a provider's documented OAuth 2.0 / OIDC endpoints are reached. Server-only: the client entry
 * knows a provider by its id, name and icon (providers.ts) and never bundles these.
 */
export interface OAuthProviderEndpoints {
  id: OAuthProviderId
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

/** Every supported provider's documented endpoints: the defaults an app's `oauth` section may override. */
export const providerEndpoints: Record<OAuthProviderId, OAuthProviderEndpoints> = {
  google: {
    id: 'google',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    scopes: ['openid', 'email', 'profile'],
    oidc: true,
    issuer: 'https://accounts.google.com',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  discord: {
    id: 'discord',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    oidc: false,
    profile: { subject: 'id', email: 'email', name: 'global_name', username: 'username' },
  },
  github: {
    id: 'github',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    oidc: false,
    profile: { subject: 'id', email: 'email', name: 'name', username: 'login' },
  },
  linkedin: {
    id: 'linkedin',
    authorizationEndpoint: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenEndpoint: 'https://www.linkedin.com/oauth/v2/accessToken',
    scopes: ['openid', 'profile', 'email'],
    oidc: true,
    issuer: 'https://www.linkedin.com/oauth',
    jwksUri: 'https://www.linkedin.com/oauth/openid/jwks',
  },
  twitter: {
    id: 'twitter',
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
    authorizationEndpoint: 'https://accounts.spotify.com/authorize',
    tokenEndpoint: 'https://accounts.spotify.com/api/token',
    userinfoEndpoint: 'https://api.spotify.com/v1/me',
    scopes: ['user-read-email', 'user-read-private'],
    oidc: false,
    profile: { subject: 'id', email: 'email', name: 'display_name' },
  },
  instagram: {
    id: 'instagram',
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
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    scopes: ['name', 'email'],
    oidc: true,
    issuer: 'https://appleid.apple.com',
    jwksUri: 'https://appleid.apple.com/auth/keys',
    // Apple answers with a form POST when name or e-mail is requested.
    extraAuthParams: { response_mode: 'form_post' },
  },
  // LINE Login v2.1: its ID token is signed with the channel secret (HS256), so the identity is read from the profile.
  line: {
    id: 'line',
    authorizationEndpoint: 'https://access.line.me/oauth2/v2.1/authorize',
    tokenEndpoint: 'https://api.line.me/oauth2/v2.1/token',
    userinfoEndpoint: 'https://api.line.me/v2/profile',
    scopes: ['profile'],
    oidc: false,
    profile: { subject: 'userId', name: 'displayName' },
  },
}
