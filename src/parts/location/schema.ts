/** An address as a draft keeps it (product 3.6); validated when a draft comes back. */
import * as yup from 'yup';

const text = () => yup.string().max(200).defined();

export const addressSchema = yup.object({
  street: text(),
  number: text(),
  zip: text(),
  city: text(),
  district: text(),
  state: text(),
  country: text(),
  lat: yup.number().min(-90).max(90).nullable().defined(),
  lng: yup.number().min(-180).max(180).nullable().defined(),
  approximate: yup.boolean().optional(),
});

export const mapViewSchema = yup.object({
  lat: yup.number().min(-90).max(90).required(),
  lng: yup.number().min(-180).max(180).required(),
  zoom: yup.number().required(),
});
