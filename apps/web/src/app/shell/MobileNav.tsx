import { useTranslation } from '../../lib/translator.ts';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DrawerContent } from '../../components/ui/dialog.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { InstallButton } from '../../features/install/index.ts';
import { LanguageMenu } from '../../features/language/index.ts';
import { ThemeMenu } from '../../features/theme/index.ts';
import { SidebarContent } from './Sidebar.tsx';

/** The sidebar as a drawer on small screens, with the header controls that do not fit there. */
export function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DrawerContent title={t('nav.label')}>
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-border px-4">
          <Logo />
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label={t('common.close')}>
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>
        {/* The header has no room for these on phones. */}
        <div className="flex items-center gap-1 border-b border-border px-3 py-2 sm:hidden">
          <LanguageMenu compact={false} />
          <ThemeMenu />
          <InstallButton />
        </div>
        <SidebarContent onNavigate={() => onOpenChange(false)} />
      </DrawerContent>
    </Dialog>
  );
}
