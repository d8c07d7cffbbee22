import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { WorkLicense } from '@sound-studio/shared';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { licenseCertificateText, licenseFileName } from '../license-certificate.ts';

/**
 * Fetches a work's commercial license certificate (each feature passes its own call) and saves it as a text file.
 * A plan without the commercial license is answered by the plan-gate dialog, which hears every FEATURE_NOT_IN_PLAN,
 * so no second message is shown here.
 */
export function useLicenseDownload(): { download: (fetchLicense: () => Promise<WorkLicense>) => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const download = async (fetchLicense: () => Promise<WorkLicense>) => {
    setPending(true);
    try {
      const license = await fetchLicense();
      saveFile(new Blob([licenseCertificateText(license)], { type: 'text/plain;charset=utf-8' }), licenseFileName(license));
      toast.show(t('billing.license.downloaded'), 'success');
    } catch (error) {
      if (!isApiError(error) || error.code !== 'FEATURE_NOT_IN_PLAN') toast.show(t('billing.license.failed'), 'error');
    } finally {
      setPending(false);
    }
  };
  return { download, pending };
}
