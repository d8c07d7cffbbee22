import { createElement, lazy, type ComponentType } from 'react';

export { AuthProvider, FrameAuthProvider, SignedOutAuthProvider, startSessionRestore } from './session/AuthProvider.tsx';
export { useAuth, useCurrentUser, type AuthStatus, type SessionEndReason } from './session/auth-context.ts';
export { authApi } from './api/auth-api.ts';

let loadedLoginPage: ComponentType | null = null;
const loadLoginPage = () =>
  import('./components/LoginPage.tsx').then((module) => {
    loadedLoginPage = module.LoginPage;
    return { default: module.LoginPage };
  });
const LazyLoginPage = lazy(loadLoginPage);
/**
 * Its own chunk, so a signed-in visit never downloads the form; a visit to /login starts it at boot (`preloadLoginPage`).
 * Once loaded it draws at once, without suspending: over the page drawn at build time, a loading spinner in between
 * would flash.
 */
export function LoginPage() {
  return createElement(loadedLoginPage ?? LazyLoginPage);
}
export function preloadLoginPage(): Promise<unknown> {
  return loadLoginPage();
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
