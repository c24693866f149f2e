import { FormPage } from '#src/components/experience-form/FormPage';

export default FormPage;
