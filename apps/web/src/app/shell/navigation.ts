import { AudioLines, AudioWaveform, Code2, CreditCard, Fingerprint, House, Library, Music, Wand2, type LucideIcon } from 'lucide-react';

export type NavBadge = 'beta' | 'new';

export interface NavItem {
  path: string;
  labelKey: 'home' | 'voiceLibrary' | 'textToSpeech' | 'music' | 'voiceDesign' | 'voiceClone' | 'voiceIsolator' | 'pricing' | 'api';
  icon: LucideIcon;
  badge?: NavBadge;
}

export interface NavGroup {
  titleKey: 'studio' | 'tools' | 'account';
  items: NavItem[];
}

/** Section 2's sidebar links, grouped the way creators use them. */
export const NAV_GROUPS: NavGroup[] = [
  {
    titleKey: 'studio',
    items: [
      { path: '/', labelKey: 'home', icon: House },
      { path: '/voice-library', labelKey: 'voiceLibrary', icon: Library },
    ],
  },
  {
    titleKey: 'tools',
    items: [
      { path: '/text-to-speech', labelKey: 'textToSpeech', icon: AudioLines },
      { path: '/music', labelKey: 'music', icon: Music, badge: 'beta' },
      { path: '/voice-design', labelKey: 'voiceDesign', icon: Wand2, badge: 'new' },
      { path: '/voice-clone', labelKey: 'voiceClone', icon: Fingerprint },
      { path: '/voice-isolator', labelKey: 'voiceIsolator', icon: AudioWaveform },
    ],
  },
  {
    titleKey: 'account',
    items: [
      { path: '/pricing', labelKey: 'pricing', icon: CreditCard },
      { path: '/api', labelKey: 'api', icon: Code2 },
    ],
  },
];
