import { useContext, useEffect } from 'react';
import { pageTitle } from '../../engine/core/navigation';
import { ProductNameContext } from '../appContext';

/** Sets the document title to `<title> | <product>` while the page is shown. */
export function usePageTitle(title: string): void {
  const product = useContext(ProductNameContext);
  useEffect(() => {
    document.title = pageTitle(title, product);
  }, [title, product]);
}
