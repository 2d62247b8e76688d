/** Where iCloud recovery keeps the key: the app's CloudKit container and its web services. */
export interface ICloudRecoveryOptions {
  /** CloudKit container id (iCloud.com.example.app). Default FOYER_RECOVERY_ICLOUD_CONTAINER. */
  container?: string
  /** 'development' or 'production'. Default FOYER_RECOVERY_ICLOUD_ENVIRONMENT, else production. */
  environment?: string
  /** The container's web API token (ckAPIToken; meant for browsers). Default FOYER_RECOVERY_ICLOUD_API_TOKEN. */
  apiToken?: string
  /** CloudKit web services base. Default FOYER_RECOVERY_ICLOUD_BASE_URL, else https://api.apple-cloudkit.com. */
  baseUrl?: string
  /** Origin of the page that posts ckWebAuthToken to the frame. Default FOYER_RECOVERY_ICLOUD_SIGNIN_ORIGIN, else https://cdn.apple-cloudkit.com. */
  signInOrigin?: string
}

/** The resolved options (defaults and environment applied); the recovery page gets all of them (none is secret). */
export interface ResolvedICloud {
  container: string | null
  environment: string
  apiToken: string | null
  baseUrl: string
  signInOrigin: string
}

const trim = (url: string) => url.replace(/\/+$/, '')

/** The options over the environment over Apple's real endpoints. */
export function resolveICloud(i: ICloudRecoveryOptions = {}, env: Record<string, string | undefined> = process.env): ResolvedICloud {
  return {
    container: i.container ?? env.FOYER_RECOVERY_ICLOUD_CONTAINER ?? null,
    environment: i.environment ?? env.FOYER_RECOVERY_ICLOUD_ENVIRONMENT ?? 'production',
    apiToken: i.apiToken ?? env.FOYER_RECOVERY_ICLOUD_API_TOKEN ?? null,
    baseUrl: trim(i.baseUrl ?? env.FOYER_RECOVERY_ICLOUD_BASE_URL ?? 'https://api.apple-cloudkit.com'),
    signInOrigin: trim(i.signInOrigin ?? env.FOYER_RECOVERY_ICLOUD_SIGNIN_ORIGIN ?? 'https://cdn.apple-cloudkit.com'),
  }
}
