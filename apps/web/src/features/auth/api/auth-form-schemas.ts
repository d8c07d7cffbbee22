/** The sign-in form's schema, loaded on first use (LoginPage.tsx): importing this module brings zod's runtime. */
export { loginFormSchema } from '@sound-studio/shared';
