// https://vike.dev/data
import type { PageContextServer } from 'vike/types';
import { loadFormPage } from '#src/components/experience-form/form-page-data';

export const data = (pageContext: PageContextServer) => loadFormPage(pageContext, 'draft');
