import { toast } from '../store/toast-store'

/** Copies text for the person and says so (or says to copy by hand when the browser refuses). */
export const copyWithToast = async (text: string, copied: string, failed: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(copied)
  } catch {
    toast.warning(failed)
  }
}
