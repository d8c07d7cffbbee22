import { LogOut, Settings } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useAuth, useCurrentUser } from '../../features/auth/index.ts';
import { useLocalizedPath } from '../../lib/i18n.ts';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0] ?? '').join('').toLocaleUpperCase() || '?';
}

export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-round" data-testid="user-menu">
          <span className="flex size-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-white">{initialsOf(user.name)}</span>
          <span className="sr-only"> {t('userMenu.label', { name: user.name })}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5 py-2">
          <span className="truncate text-sm font-semibold text-foreground">{user.name}</span>
          <span className="truncate font-normal">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(localized('/settings'))}>
          <Settings aria-hidden />
          {t('userMenu.settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void logout()} data-testid="logout">
          <LogOut aria-hidden />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
