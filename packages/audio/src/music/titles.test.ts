import { describe, expect, it } from 'vitest';
import { planFromPrompt } from './plan.ts';
import { promptLanguage } from './titles.ts';

describe('generated titles', () => {
  it('follow the prompt language', () => {
    expect(promptLanguage('Hüzünlü bir caz şarkısı, yavaş piyano')).toBe('tr');
    expect(promptLanguage('sakin gece muzigi ve piyano')).toBe('tr');
    expect(promptLanguage('A smooth jazz song with piano')).toBe('en');
  });

  it('are Turkish for a Turkish prompt and English for an English one', () => {
    const turkish = planFromPrompt('Hüzünlü, yavaş bir caz şarkısı', { durationSeconds: 30, seed: 7 });
    const english = planFromPrompt('A sad, slow jazz song', { durationSeconds: 30, seed: 7 });
    const turkishWords = /^(Solan|Gri|Boş|Uzak|Solgun|Güz|Kayıp|Dünkü|Narin|Kadife|Mum Işığında|Tatlı|Sessiz|Durgun|Ağır|Yumuşak) (Nota|Cadde|Salon|Serenat)$/;
    expect(turkish.genre).toBe('jazz');
    expect(turkish.title).toMatch(turkishWords);
    expect(english.title).not.toMatch(turkishWords);
    expect(english.title).toMatch(/ (Blue Note|Avenue|Lounge|Serenade)$/);
  });
});
