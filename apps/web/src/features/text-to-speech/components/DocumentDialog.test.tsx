import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { checkDocument } from '../document-rules.ts';
import { DocumentDialog } from './DocumentDialog.tsx';

const OPTIONS = { voiceId: 'en-us-radiant-girl', speed: 1, pitch: 0, volume: 1, model: 'speech-2.5-hd-preview' };

function pick(file: File) {
  fireEvent.change(screen.getByTestId('document-input'), { target: { files: [file] } });
}

describe('document rules', () => {
  it('accepts .pdf, .txt, .html and .docx up to 50 MB, not empty', () => {
    for (const name of ['a.pdf', 'b.TXT', 'c.html', 'd.docx']) expect(checkDocument({ name, size: 10 })).toBeNull();
    expect(checkDocument({ name: 'e.doc', size: 10 })).toBe('type');
    expect(checkDocument({ name: 'f.png', size: 10 })).toBe('type');
    expect(checkDocument({ name: 'g.txt', size: 0 })).toBe('empty');
    expect(checkDocument({ name: 'h.pdf', size: UPLOAD_LIMITS.documentBytes })).toBeNull();
    expect(checkDocument({ name: 'h.pdf', size: UPLOAD_LIMITS.documentBytes + 1 })).toBe('size');
  });
});

describe('DocumentDialog', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a wrong type or an oversized file before uploading', async () => {
    const { calls } = renderInStudio(<DocumentDialog open onOpenChange={() => {}} options={OPTIONS} onText={() => {}} onJob={() => {}} />);
    pick(new File(['x'], 'notes.rtf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported. Use a .pdf, .txt, .html or .docx file.');
    expect(screen.getByTestId('document-create')).toBeDisabled();
    const huge = new File(['x'], 'big.pdf');
    Object.defineProperty(huge, 'size', { value: UPLOAD_LIMITS.documentBytes + 1 });
    pick(huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 50 MB.');
    expect(calls.some((call) => call.path === '/tts/documents')).toBe(false);
  });

  it('loads the text of a document that fits into the editor', async () => {
    const onText = vi.fn();
    const onOpenChange = vi.fn();
    const { fetchMock } = renderInStudio(<DocumentDialog open onOpenChange={onOpenChange} options={OPTIONS} onText={onText} onJob={() => {}} />, {
      routes: { 'POST /tts/documents': () => okReply({ kind: 'text', fileName: 'story.txt', text: 'Once upon a time.', characters: 17 }) },
    });
    pick(new File(['Once upon a time.'], 'story.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('document-file')).toHaveTextContent('story.txt');
    await userEvent.setup().click(screen.getByTestId('document-create'));
    await waitFor(() => expect(onText).toHaveBeenCalledWith('Once upon a time.', 'story.txt'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const init = fetchMock.mock.calls.find(([url]) => String(url) === '/api/tts/documents')?.[1];
    const form = init?.body as FormData;
    expect(form.get('voiceId')).toBe('en-us-radiant-girl');
    expect((form.get('file') as File).name).toBe('story.txt');
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('prices a long document first and starts its job only once the cost is confirmed', async () => {
    const onJob = vi.fn();
    const job = { id: 'j1', status: 'queued', progress: 0, characters: 12000, audioUrl: null, generationId: null, error: null, createdAt: '2026-11-21T10:00:00.000Z' };
    const estimate = { kind: 'estimate', fileName: 'book.pdf', characters: 12000, credits: 24000, creditsPerCharacter: 2, parts: 6, voiceName: 'Radiant Girl', balance: 30000 };
    const modes: unknown[] = [];
    const { fetchMock } = renderInStudio(<DocumentDialog open onOpenChange={() => {}} options={OPTIONS} onText={() => {}} onJob={onJob} />, {
      routes: { 'POST /tts/documents': () => okReply(modes.length === 1 ? estimate : { kind: 'job', fileName: 'book.pdf', characters: 12000, job }) },
    });
    const user = userEvent.setup();
    pick(new File(['%PDF'], 'book.pdf', { type: 'application/pdf' }));
    const uploads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/tts/documents').map(([, init]) => (init?.body as FormData).get('mode'));
    modes.push('estimate');
    await user.click(screen.getByTestId('document-create'));
    expect(await screen.findByTestId('document-cost')).toHaveTextContent('24,000 credits');
    expect(screen.getByTestId('document-estimate')).toHaveTextContent('Radiant Girl reads it in 6 parts');
    expect(screen.getByTestId('document-balance')).toHaveTextContent('30,000 credits');
    expect(uploads()).toEqual(['estimate']);
    expect(onJob).not.toHaveBeenCalled();
    modes.push('create');
    await user.click(screen.getByTestId('document-confirm'));
    await waitFor(() => expect(onJob).toHaveBeenCalledWith(job, 'book.pdf'));
    expect(uploads()).toEqual(['estimate', 'create']);
  });

  it('cancelling the priced document closes the dialog without starting anything', async () => {
    const onJob = vi.fn();
    const onOpenChange = vi.fn();
    const estimate = { kind: 'estimate', fileName: 'book.txt', characters: 6000, credits: 6000, creditsPerCharacter: 1, parts: 1, voiceName: 'Radiant Girl', balance: 100 };
    const { calls } = renderInStudio(<DocumentDialog open onOpenChange={onOpenChange} options={OPTIONS} onText={() => {}} onJob={onJob} />, {
      routes: { 'POST /tts/documents': () => okReply(estimate) },
    });
    const user = userEvent.setup();
    pick(new File(['long'], 'book.txt', { type: 'text/plain' }));
    await user.click(screen.getByTestId('document-create'));
    expect(await screen.findByTestId('document-estimate')).toHaveTextContent('reads it in 1 part into one MP3');
    expect(screen.getByRole('status')).toHaveTextContent('Your balance is not enough for this document.');
    await user.click(screen.getByTestId('document-cancel'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onJob).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.path === '/tts/documents')).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog", async () => {
    renderInStudio(<DocumentDialog open onOpenChange={() => {}} options={OPTIONS} onText={() => {}} onJob={() => {}} />, {
      routes: { 'POST /tts/documents': () => errorReply(400, 'VALIDATION_ERROR', 'The document has more than 200,000 characters') },
    });
    pick(new File(['x'], 'long.docx'));
    await userEvent.setup().click(screen.getByTestId('document-create'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The document has more than 200,000 characters');
  });

  it.each([
    ['en', 'This document is too complex to read. Save it as plain text or simplify it, then try again.'],
    ['tr', 'Bu belge okunamayacak kadar karmaşık. Düz metin olarak kaydedin veya sadeleştirin, ardından tekrar deneyin.'],
  ] as const)('explains a document too complex to read (%s)', async (language, message) => {
    await setupI18n(language);
    renderInStudio(<DocumentDialog open onOpenChange={() => {}} options={OPTIONS} onText={() => {}} onJob={() => {}} />, {
      routes: {
        'POST /tts/documents': () =>
          errorReply(422, 'DOCUMENT_TOO_COMPLEX', 'The document is too complex to read. Save it as plain text or simplify it, then try again'),
      },
    });
    pick(new File(['PK'], 'bomb.docx'));
    await userEvent.setup().click(screen.getByTestId('document-create'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
