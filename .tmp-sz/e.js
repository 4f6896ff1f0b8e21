import {createClient} from 'graphql-ws'; console.log(createClient)
