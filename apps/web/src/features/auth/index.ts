import { lazy } from 'react';

export { AuthProvider } from './session/AuthProvider.tsx';
export { useAuth, useCurrentUser, type AuthStatus, type SessionEndReason } from './session/auth-context.ts';
export { authApi } from './api/auth-api.ts';

const loadLoginPage = () => import('./components/LoginPage.tsx').then((module) => ({ default: module.LoginPage }));
/** Its own chunk, so a signed-in visit never downloads the form; a visit to /login starts it at boot (`preloadLoginPage`). */
export const LoginPage = lazy(loadLoginPage);
export function preloadLoginPage(): void {
  void loadLoginPage();
}

/** Loaded on demand: /login must stay light, and most visitors sign in rather than register. */
export const RegisterPage = lazy(() => import('./components/RegisterPage.tsx').then((module) => ({ default: module.RegisterPage })));
export const ForgotPasswordPage = lazy(() =>
  import('./components/ForgotPasswordPage.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() => import('./components/ResetPasswordPage.tsx').then((module) => ({ default: module.ResetPasswordPage })));
export { useIsNewAccount } from './session/new-account.ts';
/** Where a social sign-in comes back to: rarely visited, so loaded on demand. */
export const SocialSignInPage = lazy(() => import('./components/SocialSignInPage.tsx').then((module) => ({ default: module.SocialSignInPage })));
export const LinkAccountPage = lazy(() => import('./components/LinkAccountPage.tsx').then((module) => ({ default: module.LinkAccountPage })));
