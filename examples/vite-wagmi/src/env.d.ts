interface ImportMetaEnv {
  readonly VITE_FOYER_APP_ID: string
  readonly VITE_FOYER_API_URL: string
  readonly VITE_RPC_URL?: string
}
