import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * After a refused submit: focus the form's first field marked invalid (FormField sets aria-invalid)
 * once React has rendered the marks. Focusing scrolls it into view, and html's scroll-padding-top
 * (styles.css) keeps it below the sticky navbar. Forms on react-hook-form get this from its
 * `shouldFocusError`; hand-rolled forms call the returned function where they set their errors.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, formRef]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
