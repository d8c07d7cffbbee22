/** Deployment settings baked in at build time (Vite `VITE_*` variables), with sensible defaults. */
export const appConfig = {
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@soundstudio.example',
} as const;
